export { AlertBanner } from './AlertBanner.tsx';
export { AlertSheet } from './AlertSheet.tsx';
