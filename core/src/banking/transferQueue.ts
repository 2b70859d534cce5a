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

/** A queue of requests to the bank: transfers, or storefront withdrawals' payouts; same jobs, same options. */
export function bankQueue(
  name: (typeof BANK_QUEUES)[keyof typeof BANK_QUEUES],
  redis: Redis,
  redisPrefix: string,
): Queue {
  const queue = new Queue(name, { connection: redis, prefix: bullPrefix(redisPrefix) });
  // The row is stored before its job is added: a Redis outage only delays the job until the sweep.
  queue.on('error', (err) => logger.warn({ err: err.message }, `${name} queue error`));
  return queue;
}

export const transferQueue = (redis: Redis, redisPrefix: string): Queue =>
  bankQueue(BANK_QUEUES.transfers, redis, redisPrefix);

/**
 * Asks the workers to move a request to the bank on (a transfer, or a withdrawal's payout: the
 * queue says which); a no-op while its advance job already waits or runs.
 */
export async function enqueueAdvance(queue: Queue, transferId: string): Promise<void> {
  await queue.add(
    TRANSFER_JOBS.advance,
    { transferId },
    { ...TRANSFER_JOB_OPTIONS, jobId: transferJobIds.advance(transferId) },
  );
}

/** Records one delivery of the bank's answer as a job on the request's queue, `delayMs` from now. */
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
