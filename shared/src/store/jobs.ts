import { z } from 'zod';

/** The storefront's BullMQ queue: unpaid orders expire by a delayed job each, with a sweep behind them. */
export const STORE_QUEUES = {
  orderExpiry: 'store-order-expiry',
  orderFulfilment: 'store-order-fulfilment',
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
