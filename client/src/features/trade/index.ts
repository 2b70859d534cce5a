export { useLiveAccount, useTradingChannel } from './data/hooks.ts';
export type { AccountSummary } from './data/tradingApi.ts';
export {
  fetchAccount,
  fetchFills,
  fetchMoneyLog,
  fetchPositionHistory,
  fetchPositions,
  MAX_PAGE_SIZE,
  newIdempotencyKey,
} from './data/tradingApi.ts';
export type { ChannelState } from './data/tradingStore.ts';
export { newestFirst, useTradingStore } from './data/tradingStore.ts';
export { FillList } from './orders/FillList.tsx';
export { SnapshotState } from './SnapshotState.tsx';
export type { TicketQuote } from './ticket/ticketMath.ts';
export { instrumentOf } from './ticket/ticketMath.ts';
