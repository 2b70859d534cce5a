import { z } from 'zod';

/** The storefront's BullMQ queue: unpaid orders expire by a delayed job each, with a sweep behind them. */
export const STORE_QUEUES = {
  orderExpiry: 'store-order-expiry',
  orderFulfilment: 'store-order-fulfilment',
  refunds: 'store-refunds',
  payouts: 'store-payouts',
} as const;
export const STORE_ORDER_JOBS = { expire: 'expire', sweep: 'sweep' } as const;
export const storeOrderExpireJobSchema = z.object({ orderId: z.string().uuid() });
export type StoreOrderExpireJob = z.infer<typeof storeOrderExpireJobSchema>;
/** One job per order: adding it twice is a no-op. */
export const storeOrderExpireJobId = (orderId: string) => `expire-${orderId}`;

/**
 * The automatic steps of a paid order until sellers exist: the shop ships it, the shopper's
 * receipt is confirmed after delivery, and it completes when the after-sale window closes.
 * One delayed job per order and step, with a sweep behind them.
 */
export const STORE_FULFILMENT_JOBS = {
  ship: 'auto-ship',
  receive: 'auto-receipt',
  complete: 'auto-complete',
  sweep: 'sweep',
} as const;
export type StoreAutoStep = 'ship' | 'receive' | 'complete';
export const storeFulfilmentJobSchema = z.object({ orderId: z.string().uuid() });
/** One job per order and step: adding it twice is a no-op. */
export const storeFulfilmentJobId = (step: StoreAutoStep, orderId: string) => `${step}-${orderId}`;

/**
 * A refund's timed steps: no answer from the shop by the deadline approves it; an approved
 * refund executes; a returned parcel delivered and not confirmed executes after a window. The
 * refund row's `due_at` is the record; one delayed job per refund and state, a sweep behind.
 */
export const STORE_REFUND_JOBS = { step: 'refund-step', sweep: 'sweep' } as const;
export const storeRefundJobSchema = z.object({ refundId: z.string().uuid() });
/** One job per refund and state: adding it twice is a no-op. */
export const storeRefundJobId = (state: string, refundId: string) => `refund-${state}-${refundId}`;

/**
 * A completed order's payout to its shop (escrow → the owner's balance, minus the commission).
 * The payout row's `due_at` is the record; one job per order, a sweep behind.
 */
export const STORE_PAYOUT_JOBS = { payout: 'payout', sweep: 'sweep' } as const;
export const storePayoutJobSchema = z.object({ orderId: z.string().uuid() });
/** One job per order: adding it twice is a no-op. */
export const storePayoutJobId = (orderId: string) => `payout-${orderId}`;
