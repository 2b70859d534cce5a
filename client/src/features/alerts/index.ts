/**
 * The fired-alert banner, loaded on demand: it sits in every screen's frame but listens on the
 * /user socket (socket.io-client, the zod contracts, the inbox), which no first screen waits for.
 */
export const loadAlertBanner = () => import('./AlertBanner.tsx');
export { AlertSheet } from './AlertSheet.tsx';
