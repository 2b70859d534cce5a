/** Escrow and payouts: a completed order's money leaves escrow for its shop, minus the platform's commission. */
export { armPayout } from './arm.ts';
export { payoutQueue, schedulePayout } from './payoutQueue.ts';
export {
  commissionOf,
  type Payout,
  type PayoutDeps,
  payDuePayouts,
  payOut,
} from './payouts.ts';
export { storePayouts } from './schema.ts';
