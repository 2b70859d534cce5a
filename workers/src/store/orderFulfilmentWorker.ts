/** The BullMQ worker of a paid order's automatic steps (ship, confirm receipt, complete) and their sweep. */

import { logger } from '@bourse/core/platform';
import {
  type FulfilmentDeps,
  type FulfilmentTimings,
  orderDeliveredHook,
  orderFulfilmentQueue,
  runAutoStep,
  runDueAutoSteps,
} from '@bourse/core/store';
import { type Carrier, carrierOf, type DeliveredHook, shipmentQueue } from '@bourse/core/store/logistics';
import { payoutQueue } from '@bourse/core/store/payouts';
import { STORE_FULFILMENT_JOBS, STORE_QUEUES, storeFulfilmentJobSchema } from '@bourse/shared';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService, WorkerContext } from '../service.ts';

const SWEEP_SCHEDULER = 'store-order-fulfilment-sweep';

export interface OrderFulfilmentOptions {
  redisPrefix?: string;
  /** Default: the simulated carrier of the configuration (carrierOf). */
  carrier?: Carrier;
  /** How often the sweep runs the steps that lost their job. */
  sweepEveryMs?: number;
}

export const fulfilmentTimingsOf = (config: WorkerContext['config']): FulfilmentTimings => ({
  shipAfterMs: config.storeAutoShipMs,
  receiptAfterMs: config.storeAutoReceiptMs,
  afterSaleWindowMs: config.storeAfterSaleWindowMs,
});

/** The logistics port of index.ts: a delivery marks its order delivered and arms the automatic receipt. */
export function deliveredMarksOrder(
  context: WorkerContext,
  redis: Redis,
  redisPrefix: string,
): DeliveredHook {
  return orderDeliveredHook({
    queue: orderFulfilmentQueue(redis, redisPrefix),
    timings: fulfilmentTimingsOf(context.config),
  });
}

/** The processor, apart from the worker so tests can drive it. Every job is safe to repeat. */
export function orderFulfilmentProcessor(deps: FulfilmentDeps) {
  return async (job: Job) => {
    switch (job.name) {
      case STORE_FULFILMENT_JOBS.ship:
      case STORE_FULFILMENT_JOBS.receive:
      case STORE_FULFILMENT_JOBS.complete: {
        const { orderId } = parseJobData(storeFulfilmentJobSchema, job);
        return { step: await runAutoStep(deps, orderId) };
      }
      case STORE_FULFILMENT_JOBS.sweep:
        return { ran: await runDueAutoSteps(deps) };
      default:
        throw new UnrecoverableError(`unknown store-order-fulfilment job ${job.name}`);
    }
  };
}

export function orderFulfilmentService(options: OrderFulfilmentOptions = {}): BackgroundService {
  return {
    name: 'store-order-fulfilment',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const queue = orderFulfilmentQueue(bull.redis, bull.redisPrefix);
      const shipments = shipmentQueue(bull.redis, bull.redisPrefix);
      const payouts = payoutQueue(bull.redis, bull.redisPrefix);
      const deps: FulfilmentDeps = {
        db: context.database.db,
        queue,
        payouts,
        timings: fulfilmentTimingsOf(context.config),
        logistics: { carrier: options.carrier ?? carrierOf(context.config), queue: shipments },
      };
      const worker = new Worker(STORE_QUEUES.orderFulfilment, orderFulfilmentProcessor(deps), {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: 4,
      });
      logWorkerProblems(worker, 'store-order-fulfilment');
      const ran = await runDueAutoSteps(deps);
      if (ran > 0) logger.info({ orders: ran }, 'store orders: overdue automatic steps run at start');
      await queue.upsertJobScheduler(
        SWEEP_SCHEDULER,
        { every: options.sweepEveryMs ?? 30_000 },
        { name: STORE_FULFILMENT_JOBS.sweep, data: {} },
      );
      return {
        async stop() {
          await worker.close();
          await shipments.close();
          await payouts.close();
          await queue.close();
          bull.disconnect();
        },
      };
    },
  };
}
