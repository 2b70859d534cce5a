/** Test helpers of trading, for the workers' matcher tests and bench:orders. */
export { auditLedger } from '../../ledger/audit.ts';
export { deposit } from '../../ledger/ledger.ts';
export { openTestDatabase, scratchPostgres } from '../../testing/testDatabase.ts';
export { orders } from '../schema.ts';
export { type Check, checkLedgerAndOrders, fillsBetween } from './consistency.ts';
export { MarketDouble, marketTime, quote, TODAY } from './marketDouble.ts';
export { allPositions, countRows, fillsPerOrder, postgresBackendCpu, processCpuMicros } from './reports.ts';
export { createUser, serviceDeps } from './serviceDeps.ts';
