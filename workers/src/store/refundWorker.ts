/** The BullMQ worker of refunds' timed steps (auto-approve, execute, a delivered return's window) and their sweep. */

import { redisMessagePublisher } from '@bourse/core/messages';
import { logger } from '@bourse/core/platform';
import { refundTimingsOf } from '@bourse/core/services.ts';
import { orderFulfilmentQueue } from '@bourse/core/store';
import { type Carrier, carrierOf, type DeliveredHook, shipmentQueue } from '@bourse/core/store/logistics';
import {
  isReturnParcel,
  type RefundDeps,
  refundQueue,
  returnDeliveredHook,
  runDueRefundSteps,
  runRefundStep,
} from '@bourse/core/store/refunds';
import { redisUserEventPublisher } from '@bourse/core/user-channel/userEventPublisher.ts';
import { STORE_QUEUES, STORE_REFUND_JOBS, storeRefundJobSchema } from '@bourse/shared';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService, WorkerContext } from '../service.ts';
import { deliveredMarksOrder } from './orderFulfilmentWorker.ts';

const SWEEP_SCHEDULER = 'store-refunds-sweep';

export interface RefundWorkerOptions {
  redisPrefix?: string;
  /** Default: the simulated carrier of the configuration (carrierOf). */
  carrier?: Carrier;
  /** How often the sweep runs the steps that lost their job. */
  sweepEveryMs?: number;
}

/** The processor, apart from the worker so tests can drive it. Every job is safe to repeat. */
export function refundProcessor(deps: RefundDeps) {
  return async (job: Job) => {
    switch (job.name) {
      case STORE_REFUND_JOBS.step: {
        const { refundId } = parseJobData(storeRefundJobSchema, job);
        return { step: await runRefundStep(deps, refundId) };
      }
      case STORE_REFUND_JOBS.sweep:
        return { ran: await runDueRefundSteps(deps) };
      default:
        throw new UnrecoverableError(`unknown store-refunds job ${job.name}`);
    }
  };
}

/**
 * The logistics port of index.ts for both kinds of parcel: an order's delivery marks the order
 * delivered; a return's arms its refund's window.
 */
export function deliveredMarksOrderOrReturn(
  context: WorkerContext,
  redis: Redis,
  redisPrefix: string,
): DeliveredHook {
  const order = deliveredMarksOrder(context, redis, redisPrefix);
  const returned = returnDeliveredHook({
    queue: refundQueue(redis, redisPrefix),
    timings: refundTimingsOf(context.config),
  });
  return (tx, delivered) =>
    isReturnParcel(delivered.orderId) ? returned(tx, delivered) : order(tx, delivered);
}

export function refundService(options: RefundWorkerOptions = {}): BackgroundService {
  return {
    name: 'store-refunds',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const { redis, redisPrefix } = bull;
      const queue = refundQueue(redis, redisPrefix);
      const fulfilment = orderFulfilmentQueue(redis, redisPrefix);
      const shipments = shipmentQueue(redis, redisPrefix);
      const deps: RefundDeps = {
        db: context.database.db,
        queue,
        fulfilment,
        timings: refundTimingsOf(context.config),
        messages: redisMessagePublisher(redis, redisPrefix),
        events: redisUserEventPublisher(redis, redisPrefix, 'refund'),
        logistics: { carrier: options.carrier ?? carrierOf(context.config), queue: shipments },
      };
      const worker = new Worker(STORE_QUEUES.refunds, refundProcessor(deps), {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: 4,
      });
      logWorkerProblems(worker, 'store-refunds');
      const ran = await runDueRefundSteps(deps);
      if (ran > 0) logger.info({ refunds: ran }, 'store refunds: overdue steps run at start');
      await queue.upsertJobScheduler(
        SWEEP_SCHEDULER,
        { every: options.sweepEveryMs ?? 30_000 },
        { name: STORE_REFUND_JOBS.sweep, data: {} },
      );
      return {
        async stop() {
          await worker.close();
          await shipments.close();
          await fulfilment.close();
          await queue.close();
          bull.disconnect();
        },
      };
    },
  };
}
