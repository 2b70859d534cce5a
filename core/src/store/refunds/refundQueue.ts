import { STORE_QUEUES, STORE_REFUND_JOBS, storeRefundJobId } from '@bourse/shared';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { logger } from '../../platform/logger.ts';
import { bullPrefix } from '../../platform/queues.ts';
import { STORE_ORDER_JOB_OPTIONS } from '../expiryQueue.ts';

export function refundQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(STORE_QUEUES.refunds, { connection: redis, prefix: bullPrefix(redisPrefix) });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'store-refunds queue error'));
  return queue;
}

/**
 * Queues a refund's next automatic step at its due time, one job per refund and state. The
 * refund row's `due_at` is the record: a failure here is logged, not thrown, and the sweep runs it.
 */
export async function scheduleRefundStep(queue: Queue, refund: { id: string; state: string }, dueAt: Date) {
  try {
    await queue.add(
      STORE_REFUND_JOBS.step,
      { refundId: refund.id },
      {
        jobId: storeRefundJobId(refund.state, refund.id),
        delay: Math.max(0, dueAt.getTime() - Date.now()),
        ...STORE_ORDER_JOB_OPTIONS,
      },
    );
  } catch (err) {
    logger.warn(
      { err: (err as Error).message, refundId: refund.id },
      'refund step not queued; the sweep will',
    );
  }
}
