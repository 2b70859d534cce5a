/** The BullMQ worker of storefront shipments: advance jobs (ask the carrier, record news) and the sweep. */

import { redisMessagePublisher } from '@bourse/core/messages';
import { logger } from '@bourse/core/platform';
import {
  advanceShipment,
  type Carrier,
  carrierOf,
  type DeliveredHook,
  type LogisticsDeps,
  redisShipmentPublisher,
  shipmentQueue,
  sweepShipments,
} from '@bourse/core/store/logistics';
import { LOGISTICS_QUEUES, SHIPMENT_JOBS, shipmentAdvanceJobSchema } from '@bourse/shared';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullConnections, logWorkerProblems } from '../../bullConnections.ts';
import { parseJobData } from '../../jobData.ts';
import type { BackgroundService, WorkerContext } from '../../service.ts';

export interface ShipmentWorkerOptions {
  redisPrefix?: string;
  /** Default: the simulated carrier of the configuration (carrierOf). */
  carrier?: Carrier;
  /** The order module's port: marks its order delivered in the transaction that records the delivery. */
  onDelivered?: DeliveredHook;
  /** The same port made at start with the service's Redis (index.ts: deliveredMarksOrder); wins over onDelivered. */
  onDeliveredOf?: (context: WorkerContext, redis: Redis, redisPrefix: string) => DeliveredHook;
  /** How often the sweep looks for due shipments without a job. */
  sweepEveryMs?: number;
  concurrency?: number;
}

const SWEEP_SCHEDULER = 'store-shipment-sweep';

/** Until an order module hands its hook in, a delivery is recorded and told but updates no order. */
const noOrderToUpdate: DeliveredHook = async () => {};

/** The job processor, apart from the worker so tests can drive it. */
export function shipmentProcessor(deps: LogisticsDeps) {
  return async (job: Job, token?: string) => {
    switch (job.name) {
      case SHIPMENT_JOBS.advance: {
        const { shipmentId } = parseJobData(shipmentAdvanceJobSchema, job);
        const advanced = await advanceShipment(deps, shipmentId);
        if (advanced.kind === 'waiting') {
          // Sleep until the carrier expects news; one job per shipment carries it to delivery.
          await job.moveToDelayed(Math.max(Date.now(), advanced.nextCheckAt.getTime()), token);
          throw new DelayedError();
        }
        return advanced.kind;
      }
      case SHIPMENT_JOBS.sweep:
        return { enqueued: await sweepShipments(deps) };
      default:
        throw new UnrecoverableError(`unknown store-shipment job ${job.name}`);
    }
  };
}

/**
 * Moves parcels along with their carrier. On start and then every `sweepEveryMs` it sweeps:
 * every shipment due in PostgreSQL gets its job again, so parcels survive a Redis that lost its queues.
 */
export function storeShipmentService(options: ShipmentWorkerOptions = {}): BackgroundService {
  return {
    name: 'store-shipments',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const { redis, redisPrefix: prefix } = bull;
      const queue = shipmentQueue(redis, prefix);
      const deps: LogisticsDeps = {
        db: context.database.db,
        carrier: options.carrier ?? carrierOf(context.config),
        queue,
        messages: redisMessagePublisher(redis, prefix),
        shipments: redisShipmentPublisher(redis, prefix),
        onDelivered:
          options.onDeliveredOf?.(context, redis, prefix) ?? options.onDelivered ?? noOrderToUpdate,
      };
      const worker = new Worker(LOGISTICS_QUEUES.shipments, shipmentProcessor(deps), {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: options.concurrency ?? 8,
        // A job whose worker died is run again: advancing is safe to repeat.
        maxStalledCount: 1_000,
      });
      logWorkerProblems(worker, 'store-shipment');
      const swept = await sweepShipments(deps);
      if (swept > 0) logger.info({ shipments: swept }, 'store shipments: due shipments re-enqueued');
      await queue.upsertJobScheduler(
        SWEEP_SCHEDULER,
        { every: options.sweepEveryMs ?? 30_000 },
        { name: SHIPMENT_JOBS.sweep, data: {} },
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
