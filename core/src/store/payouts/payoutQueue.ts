import { STORE_PAYOUT_JOBS, STORE_QUEUES, storePayoutJobId } from '@bourse/shared';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { logger } from '../../platform/logger.ts';
import { bullPrefix } from '../../platform/queues.ts';
import { STORE_ORDER_JOB_OPTIONS } from '../expiryQueue.ts';

export function payoutQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(STORE_QUEUES.payouts, { connection: redis, prefix: bullPrefix(redisPrefix) });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'store-payouts queue error'));
  return queue;
}

/** Queues a completed order's payout; a failure is logged, not thrown: the payout row is the record and the sweep pays it. */
export async function schedulePayout(queue: Queue, orderId: string, dueAt: Date) {
  try {
    await queue.add(
      STORE_PAYOUT_JOBS.payout,
      { orderId },
      {
        jobId: storePayoutJobId(orderId),
        delay: Math.max(0, dueAt.getTime() - Date.now()),
        ...STORE_ORDER_JOB_OPTIONS,
      },
    );
  } catch (err) {
    logger.warn({ err: (err as Error).message, orderId }, 'payout not queued; the sweep will');
  }
}
