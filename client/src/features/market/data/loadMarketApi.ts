/**
 * The market REST calls, loaded on demand: a screen that shows before the market data layer
 * (home) gets the calls, and their zod contracts, after its first paint.
 */
export const loadMarketApi = () => import('./marketApi.ts');
