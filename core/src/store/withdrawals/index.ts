/** Storefront withdrawals: what the workers' payout jobs use (the request and audit are the server's). */
export {
  advanceWithdrawalPayout,
  type PayoutSettlement,
  type PayoutStep,
  payingWithdrawalIds,
  publishWithdrawalPayout,
  settleWithdrawalPayout,
} from './payout.ts';
export { withdrawalPayoutQueue } from './payoutQueue.ts';
