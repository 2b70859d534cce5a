import { LOGISTICS_QUEUES, SHIPMENT_JOBS, shipmentJobIds } from '@bourse/shared';
import { type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { logger } from '../../platform/logger.ts';
import { bullPrefix } from '../../platform/queues.ts';

/**
 * An advance job retries on errors (the carrier not answering) with backoff. Finished jobs are
 * removed so the sweep can add a shipment's job again: the shipment row, not the job, is the record.
 */
export const SHIPMENT_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: true,
};

export function shipmentQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(LOGISTICS_QUEUES.shipments, { connection: redis, prefix: bullPrefix(redisPrefix) });
  // The shipment is stored before its job is added: a Redis outage only delays it until the sweep.
  queue.on('error', (err) => logger.warn({ err: err.message }, 'store-shipments queue error'));
  return queue;
}

/** Asks the workers to look at a shipment in `delayMs`; a no-op while its job already waits or runs. */
export async function enqueueShipmentAdvance(queue: Queue, shipmentId: string, delayMs = 0): Promise<void> {
  await queue.add(
    SHIPMENT_JOBS.advance,
    { shipmentId },
    { ...SHIPMENT_JOB_OPTIONS, jobId: shipmentJobIds.advance(shipmentId), delay: Math.max(0, delayMs) },
  );
}
