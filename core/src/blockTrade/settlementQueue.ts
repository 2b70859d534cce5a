import { BLOCK_TRADE_JOBS, BLOCK_TRADE_QUEUES, blockTradeJobIds } from '@bourse/shared';
import { type JobsOptions, Queue } from 'bullmq';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../platform/database.ts';
import { logger } from '../platform/logger.ts';
import { bullPrefix } from '../platform/queues.ts';
import { blockOrders } from './schema.ts';

/**
 * Settlement jobs retry on errors and survive their worker dying mid-job (BullMQ hands a job
 * whose lock lapsed to another worker). Finished jobs are kept a day so that adding one again
 * for the same order or day is a no-op; the order row, not the job, is the record.
 */
export const SETTLEMENT_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 86_400 },
  removeOnFail: { age: 7 * 86_400 },
};

export function settlementQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(BLOCK_TRADE_QUEUES.settlement, {
    connection: redis,
    prefix: bullPrefix(redisPrefix),
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'block-trade settlement queue error'));
  return queue;
}

/** Pending block orders of trading dates up to `through` (all of them without it), oldest first. */
export async function pendingBlockOrderIds(db: Db, through?: string): Promise<string[]> {
  const rows = await db
    .select({ id: blockOrders.id })
    .from(blockOrders)
    .where(
      and(eq(blockOrders.status, 'pending'), through ? lte(blockOrders.tradingDate, through) : undefined),
    )
    .orderBy(asc(blockOrders.createdAt), asc(blockOrders.id));
  return rows.map((r) => r.id);
}

/** Adds a settle job for each pending order through `through`; an order's job id makes a repeat a no-op. */
export async function queueSettlements(db: Db, queue: Queue, through?: string): Promise<number> {
  const ids = await pendingBlockOrderIds(db, through);
  await queue.addBulk(
    ids.map((orderId) => ({
      name: BLOCK_TRADE_JOBS.settle,
      data: { orderId },
      opts: { ...SETTLEMENT_JOB_OPTIONS, jobId: blockTradeJobIds.settle({ orderId }) },
    })),
  );
  return ids.length;
}
