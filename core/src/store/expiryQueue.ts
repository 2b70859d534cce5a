import { STORE_ORDER_JOBS, STORE_QUEUES, storeOrderExpireJobId } from '@bourse/shared';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import { bullPrefix } from '../platform/queues.ts';

/**
 * A storefront order's one-shot jobs (expiry, automatic steps) retry with backoff and leave no
 * trace: the order row, not the job, is the record, and the sweep stands behind them.
 */
export const STORE_ORDER_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

export function orderExpiryQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(STORE_QUEUES.orderExpiry, { connection: redis, prefix: bullPrefix(redisPrefix) });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'store-order-expiry queue error'));
  return queue;
}

/**
 * Schedules each order's expiry at its deadline. The orders are committed first; a job lost
 * with Redis (or never added) is caught by the sweep, so a failure here is logged, not thrown.
 */
export async function scheduleExpiry(queue: Queue, orders: readonly { id: string; expiresAt: Date }[]) {
  try {
    await queue.addBulk(
      orders.map((o) => ({
        name: STORE_ORDER_JOBS.expire,
        data: { orderId: o.id },
        opts: {
          jobId: storeOrderExpireJobId(o.id),
          delay: Math.max(0, o.expiresAt.getTime() - Date.now()),
          ...STORE_ORDER_JOB_OPTIONS,
        },
      })),
    );
  } catch (err) {
    logger.warn(
      { err: (err as Error).message },
      'store order expiry not scheduled; the sweep will expire them',
    );
  }
}
