import { z } from 'zod';

/** The storefront's BullMQ queue: unpaid orders expire by a delayed job each, with a sweep behind them. */
export const STORE_QUEUES = { orderExpiry: 'store-order-expiry' } as const;
export const STORE_ORDER_JOBS = { expire: 'expire', sweep: 'sweep' } as const;
export const storeOrderExpireJobSchema = z.object({ orderId: z.string().uuid() });
export type StoreOrderExpireJob = z.infer<typeof storeOrderExpireJobSchema>;
/** One job per order: adding it twice is a no-op. */
export const storeOrderExpireJobId = (orderId: string) => `expire-${orderId}`;
