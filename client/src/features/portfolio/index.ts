export { AccountSummary } from './AccountSummary.tsx';
