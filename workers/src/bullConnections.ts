import { bullPrefix, logger } from '@bourse/core/platform';
import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * A BullMQ worker group's Redis: one connection for commands and queues, and a duplicate for
 * the worker's blocking reads (BullMQ wants both without a retry limit).
 */
export function bullConnections(redisUrl: string, redisPrefix: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const blocking = redis.duplicate();
  return {
    /** The app's key prefix, for what the group reads and writes beside its queues. */
    redisPrefix,
    /** BullMQ's key prefix for the group's queues and workers. */
    prefix: bullPrefix(redisPrefix),
    redis,
    blocking,
    disconnect(): void {
      blocking.disconnect();
      redis.disconnect();
    },
  };
}

/** Logs a worker's failed jobs and connection errors: a job that failed is retried, never silent. */
export function logWorkerProblems(worker: Worker, label: string): void {
  worker.on('failed', (job, err) =>
    logger.warn({ job: job?.id, attempts: job?.attemptsMade, err: err.message }, `${label} job failed`),
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, `${label} worker error`));
}
