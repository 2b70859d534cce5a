export { AccountSummary } from './AccountSummary.tsx';
export { PositionList } from './HoldingScreen.tsx';
