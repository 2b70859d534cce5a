/**
 * The fired-alert banner, loaded on demand: it sits in every screen's frame but listens on the
 * /user socket (socket.io-client, the zod contracts, the inbox), which no first screen waits for.
 */
export const loadAlertBanner = () => import('./AlertBanner.tsx');
/** The sheet that sets an alert, loaded when opened: its form brings zod and the alert calls. */
export const loadAlertSheet = () => import('./AlertSheet.tsx');
