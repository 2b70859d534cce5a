/**
 * The K-line periods, without zod: the stock screen reads them on its first render, before the
 * market contracts (and zod) load beside it. The contract's schema is in market.ts.
 */
export const KLINE_PERIODS = ['1m', '5m', '15m', '30m', '60m', 'day', 'week', 'month'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];
