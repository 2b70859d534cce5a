/** The BullMQ worker that expires unpaid storefront orders: one delayed job per order, and a sweep behind them. */

import { type Db, logger } from '@bourse/core/platform';
import { expireDueOrders, expireOrder, orderExpiryQueue, StockGate } from '@bourse/core/store';
import { STORE_ORDER_JOBS, STORE_QUEUES, storeOrderExpireJobSchema } from '@bourse/shared';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';

const SWEEP_SCHEDULER = 'store-order-expiry-sweep';

export interface OrderExpiryOptions {
  redisPrefix?: string;
  /** How often the sweep looks for unpaid orders past their deadline that no job expired. */
  sweepEveryMs?: number;
}

/** The processor, apart from the worker so tests can drive it. Both jobs are safe to repeat. */
export function orderExpiryProcessor(db: Db, gate: StockGate) {
  return async (job: Job) => {
    switch (job.name) {
      case STORE_ORDER_JOBS.expire: {
        const { orderId } = parseJobData(storeOrderExpireJobSchema, job);
        return { expired: await expireOrder(db, gate, orderId) };
      }
      case STORE_ORDER_JOBS.sweep:
        return { expired: await expireDueOrders(db, gate) };
      default:
        throw new UnrecoverableError(`unknown store-order-expiry job ${job.name}`);
    }
  };
}

export function orderExpiryService(options: OrderExpiryOptions = {}): BackgroundService {
  return {
    name: 'store-order-expiry',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const queue = orderExpiryQueue(bull.redis, bull.redisPrefix);
      const { db } = context.database;
      // The server's gate: the same key prefix, so an expired order's units reach the checkouts' counts.
      const gate = new StockGate(bull.redis, bull.redisPrefix);
      const worker = new Worker(STORE_QUEUES.orderExpiry, orderExpiryProcessor(db, gate), {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: 4,
      });
      logWorkerProblems(worker, 'store-order-expiry');
      const expired = await expireDueOrders(db, gate);
      if (expired > 0)
        logger.info({ orders: expired }, 'store orders: overdue unpaid orders expired at start');
      await queue.upsertJobScheduler(
        SWEEP_SCHEDULER,
        { every: options.sweepEveryMs ?? 60_000 },
        { name: STORE_ORDER_JOBS.sweep, data: {} },
      );
      return {
        async stop() {
          await worker.close();
          await queue.close();
          bull.disconnect();
        },
      };
    },
  };
}
