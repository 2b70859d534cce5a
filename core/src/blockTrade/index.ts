/** What the workers' block-trade settlement uses of the server: the queue, settling one order, the table. */
export type { BlockOrderRow } from './blockOrders.ts';
export { blockOrders } from './schema.ts';
export { type BlockSettlement, type CounterpartyAnswer, settleBlockOrder } from './settle.ts';
export { failedSettlements, recordSettlementFailure, retrySettlement } from './settlementFailures.ts';
export { queueSettlements, SETTLEMENT_JOB_OPTIONS, settlementQueue } from './settlementQueue.ts';
