import { BANK_QUEUES, TRANSFER_JOBS, type TransferCallbackJob, transferJobIds } from '@bourse/shared';
import { type BackoffStrategy, type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { logger } from '../platform/logger.ts';
import { bullPrefix } from '../platform/queues.ts';

const TRANSFER_BACKOFF = 'transferBackoff';

/**
 * Transfer jobs retry on errors (the bank not answering) with backoff, and survive their worker
 * dying mid-job: BullMQ hands a job whose lock lapsed to another worker. Finished and failed
 * jobs are removed so the sweep can add a transfer's advance job again; the transfer row in
 * PostgreSQL, not the job, is the record.
 */
export const TRANSFER_JOB_OPTIONS: JobsOptions = {
  attempts: 12,
  backoff: { type: TRANSFER_BACKOFF },
  removeOnComplete: true,
  removeOnFail: true,
};

/**
 * Doubles from a second up to `maxDelayMs`: a bank that was silent a few times in a row is asked
 * again within that bound, where plain exponential backoff would leave the customer's money
 * frozen for half an hour by the twelfth try (and, while the job waits, the sweep cannot add it).
 */
export function transferBackoff(maxDelayMs: number): BackoffStrategy {
  return (attemptsMade) => Math.min(1000 * 2 ** (attemptsMade - 1), maxDelayMs);
}

export function transferQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(BANK_QUEUES.transfers, { connection: redis, prefix: bullPrefix(redisPrefix) });
  // The row is stored before its job is added: a Redis outage only delays the job until the sweep.
  queue.on('error', (err) => logger.warn({ err: err.message }, 'bank-transfers queue error'));
  return queue;
}

/** Asks the workers to move a transfer on; a no-op while its advance job already waits or runs. */
export async function enqueueAdvance(queue: Queue, transferId: string): Promise<void> {
  await queue.add(
    TRANSFER_JOBS.advance,
    { transferId },
    { ...TRANSFER_JOB_OPTIONS, jobId: transferJobIds.advance(transferId) },
  );
}

/** Records one delivery of the bank's answer as a job, `delayMs` from now. */
export async function enqueueCallback(
  queue: Queue,
  callback: TransferCallbackJob,
  delivery: string,
  delayMs = 0,
): Promise<void> {
  await queue.add(TRANSFER_JOBS.callback, callback, {
    ...TRANSFER_JOB_OPTIONS,
    jobId: transferJobIds.callback(callback.transferId, delivery),
    delay: delayMs,
  });
}
