/** What the workers' bank-transfer jobs use of the server: the gateway contract, advancing and settling transfers. */
export {
  type AdvanceDeps,
  type Advanced,
  advanceTransfer,
  askBank,
  type BankAnswer,
  settleAnswer,
} from './advance.ts';
export {
  type BankGateway,
  type BankState,
  type BankTransferRequest,
  BankUnavailableError,
} from './gateway.ts';
export { bankCards, bankTransfers } from './schema.ts';
export { publishSettlement, type Settlement } from './settle.ts';
export { auditingTransferIds } from './sweep.ts';
export {
  bankQueue,
  enqueueAdvance,
  enqueueCallback,
  TRANSFER_JOB_OPTIONS,
  transferBackoff,
  transferQueue,
} from './transferQueue.ts';
