/** The cash fund's daily accrual and T+1 redemption payouts as a BullMQ job: scheduled, and run once at start to catch up. */

import { accrueThrough, fundToday, payDueRedemptions } from '@bourse/core/fund';
import { logger } from '@bourse/core/platform';
import { redisMarketView } from '@bourse/core/trading';
import { dayBefore, FUND_JOBS, FUND_QUEUES, fundAccrueJobSchema } from '@bourse/shared';
import { type Job, Queue, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';
import { simulatedYieldPer10k } from './simulatedRates.ts';

export interface AccrualOptions {
  redisPrefix?: string;
  /** Seed of the simulated fund's daily income. */
  seed?: string;
  /** How often the job looks for days to accrue; a day is accrued once whatever the frequency. */
  everyMs?: number;
  /** Holders per transaction. */
  chunkSize?: number;
}

const ACCRUAL_SCHEDULER = 'cash-fund-accrual';

/** Accrues each day after the fund's yesterday has ended; several days at once after downtime. */
export function cashFundAccrualService(options: AccrualOptions = {}): BackgroundService {
  return {
    name: 'cash-fund',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const queue = new Queue(FUND_QUEUES.accrual, { connection: bull.redis, prefix: bull.prefix });
      queue.on('error', (err) => logger.warn({ err: err.message }, 'cash-fund queue error'));
      const market = redisMarketView(bull.redis, bull.redisPrefix);
      const deps = {
        db: context.database.db,
        yieldPer10k: simulatedYieldPer10k(options.seed ?? process.env.CASH_FUND_SEED ?? 'cash-fund'),
        chunkSize: options.chunkSize ?? 1_000,
      };
      const worker = new Worker(
        FUND_QUEUES.accrual,
        async (job: Job) => {
          const { through: asked } = parseJobData(fundAccrueJobSchema, job);
          const today = fundToday(await market.status());
          const report = await accrueThrough(deps, asked ?? dayBefore(today));
          if (report.days.length > 0) logger.info(report, 'cash fund: yields accrued');
          // Redemptions over the T+0 cap reach cash on their confirmation day.
          const redemptionsPaid = await payDueRedemptions(deps.db, today);
          if (redemptionsPaid > 0) logger.info({ redemptionsPaid }, 'cash fund: T+1 redemptions paid');
          return { ...report, redemptionsPaid };
        },
        // One at a time: days accrue in order.
        { connection: bull.blocking, prefix: bull.prefix, concurrency: 1 },
      );
      logWorkerProblems(worker, 'cash-fund accrual');
      await queue.upsertJobScheduler(
        ACCRUAL_SCHEDULER,
        { every: options.everyMs ?? 10 * 60_000 },
        {
          name: FUND_JOBS.accrue,
          data: {},
          opts: { attempts: 5, backoff: { type: 'exponential', delay: 5_000 } },
        },
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
