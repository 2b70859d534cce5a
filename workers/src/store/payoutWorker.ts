/** The BullMQ worker of completed orders' payouts to their shops, and its sweep. */

import { logger } from '@bourse/core/platform';
import { type PayoutDeps, payDuePayouts, payOut, payoutQueue } from '@bourse/core/store/payouts';
import { STORE_PAYOUT_JOBS, STORE_QUEUES, storePayoutJobSchema } from '@bourse/shared';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';

const SWEEP_SCHEDULER = 'store-payouts-sweep';

export interface PayoutWorkerOptions {
  redisPrefix?: string;
  /** How often the sweep pays the payouts that lost their job. */
  sweepEveryMs?: number;
}

/** The processor, apart from the worker so tests can drive it. Every job is safe to repeat. */
export function payoutProcessor(deps: PayoutDeps) {
  return async (job: Job) => {
    switch (job.name) {
      case STORE_PAYOUT_JOBS.payout: {
        const { orderId } = parseJobData(storePayoutJobSchema, job);
        return { paid: (await payOut(deps, orderId)) !== null };
      }
      case STORE_PAYOUT_JOBS.sweep:
        return { paid: await payDuePayouts(deps) };
      default:
        throw new UnrecoverableError(`unknown store-payouts job ${job.name}`);
    }
  };
}

export function payoutService(options: PayoutWorkerOptions = {}): BackgroundService {
  return {
    name: 'store-payouts',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const queue = payoutQueue(bull.redis, bull.redisPrefix);
      const deps: PayoutDeps = {
        db: context.database.db,
        commissionRate: context.config.storeCommissionRate,
      };
      const worker = new Worker(STORE_QUEUES.payouts, payoutProcessor(deps), {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: 4,
      });
      logWorkerProblems(worker, 'store-payouts');
      const paid = await payDuePayouts(deps);
      if (paid > 0) logger.info({ payouts: paid }, 'store payouts: overdue payouts paid at start');
      await queue.upsertJobScheduler(
        SWEEP_SCHEDULER,
        { every: options.sweepEveryMs ?? 30_000 },
        { name: STORE_PAYOUT_JOBS.sweep, data: {} },
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
