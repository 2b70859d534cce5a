/** Refunds and after-sale: the shopper's request, the shop's answer, the return, and the execution. */
export { approveEscalation, escalateRefund, upholdRefusal } from './escalations.ts';
export { refundQueue, scheduleRefundStep } from './refundQueue.ts';
export {
  adminRefund,
  approveRefund,
  confirmReturn,
  escalatedRefunds,
  isReturnParcel,
  type Proof,
  type RefundDecider,
  type RefundDeps,
  type RefundTimings,
  refundOfUser,
  refundProof,
  refundsInState,
  refundsOf,
  refundTerms,
  refuseRefund,
  requestRefund,
  returnDeliveredHook,
  runDueRefundSteps,
  runRefundStep,
  shipReturn,
} from './refunds.ts';
export { storeRefundEvents, storeRefunds } from './schema.ts';
