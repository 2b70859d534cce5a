/** The block-trade settlement worker: the after-close tick, a day's batch, and each order's settlement. */

import {
  type BlockOrderRow,
  type CounterpartyAnswer,
  queueSettlements,
  recordSettlementFailure,
  SETTLEMENT_JOB_OPTIONS,
  settleBlockOrder,
  settlementQueue,
} from '@bourse/core/blockTrade';
import { marketTimeOf } from '@bourse/core/market/clock';
import { redisMessagePublisher } from '@bourse/core/messages';
import { type Db, logger } from '@bourse/core/platform';
import { redisMarketView, redisUserEvents } from '@bourse/core/trading';
import {
  BLOCK_TRADE_JOBS,
  BLOCK_TRADE_QUEUES,
  blockBatchJobSchema,
  blockSettleJobSchema,
  blockTradeJobIds,
} from '@bourse/shared';
import { type Job, type Queue, UnrecoverableError, Worker } from 'bullmq';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';
import { DEFAULT_CONFIRM_RATE, simulatedCounterparties } from './counterparties.ts';
import { dueDays } from './schedule.ts';

export interface SettlementDeps {
  db: Db;
  queue: Queue;
  market: ReturnType<typeof redisMarketView>;
  /** The balance, position and message of each settlement, to the user's /user channel. */
  events: ReturnType<typeof redisUserEvents>;
  answer: (order: BlockOrderRow) => CounterpartyAnswer;
  /** How long a counterparty takes to answer (the simulation's latency). */
  latencyMs: number;
  /** Tells the admins of a settlement that failed every attempt, once committed. */
  messages: ReturnType<typeof redisMessagePublisher>;
}

/** The attempt running is the job's last: a failure now is final (BullMQ counts those made before). */
const lastAttempt = (job: Job, err: unknown) =>
  err instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/** The job processor, apart from the worker so tests can drive it. */
export function settlementProcessor(deps: SettlementDeps) {
  return async (job: Job) => {
    switch (job.name) {
      case BLOCK_TRADE_JOBS.tick: {
        for (const tradingDate of dueDays(await deps.market.status())) {
          const batch = { tradingDate };
          await deps.queue.add(BLOCK_TRADE_JOBS.batch, batch, {
            ...SETTLEMENT_JOB_OPTIONS,
            jobId: blockTradeJobIds.batch(batch),
          });
        }
        return;
      }
      case BLOCK_TRADE_JOBS.batch: {
        const { tradingDate } = parseJobData(blockBatchJobSchema, job);
        const queued = await queueSettlements(deps.db, deps.queue, tradingDate);
        if (queued > 0) logger.info({ tradingDate, queued }, 'block trades: settlement queued');
        return { queued };
      }
      case BLOCK_TRADE_JOBS.settle: {
        const { orderId } = parseJobData(blockSettleJobSchema, job);
        if (deps.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, deps.latencyMs));
        try {
          const now = new Date();
          const at = marketTimeOf(await deps.market.status(), now.getTime());
          const settled = await settleBlockOrder(deps.db, orderId, deps.answer, now, at);
          if (!settled) return 'closed already';
          deps.events.publish(settled.out);
          return settled.order.status;
        } catch (err) {
          // Recorded before the job fails for good, so a worker dying here runs it again.
          if (lastAttempt(job, err))
            deps.messages.publish(await recordSettlementFailure(deps.db, orderId, (err as Error).message));
          throw err;
        }
      }
      default:
        throw new UnrecoverableError(`unknown block-trade job ${job.name}`);
    }
  };
}

export interface SettlementOptions {
  redisPrefix?: string;
  /** Seed of the simulated counterparties (default BLOCK_TRADE_SEED, else 'block-trades'). */
  seed?: string;
  confirmRate?: number;
  latencyMs?: number;
  /** How often the tick looks at the market's clock. */
  tickMs?: number;
  concurrency?: number;
  /** How long a job's lock lives without renewal: a dead worker's job moves on after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

const TICK_SCHEDULER = 'block-trade-tick';

export function blockTradeService(options: SettlementOptions = {}): BackgroundService {
  return {
    name: 'block-trades',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const { redis, redisPrefix: prefix } = bull;
      const queue = settlementQueue(redis, prefix);
      const market = redisMarketView(redis, prefix);
      const processor = settlementProcessor({
        db: context.database.db,
        queue,
        market,
        events: redisUserEvents(redis, prefix, market),
        answer: simulatedCounterparties({
          seed: options.seed ?? process.env.BLOCK_TRADE_SEED ?? 'block-trades',
          confirmRate: options.confirmRate ?? DEFAULT_CONFIRM_RATE,
        }),
        latencyMs: options.latencyMs ?? 0,
        messages: redisMessagePublisher(redis, prefix),
      });
      const worker = new Worker(BLOCK_TRADE_QUEUES.settlement, processor, {
        connection: bull.blocking,
        prefix: bull.prefix,
        concurrency: options.concurrency ?? 4,
        ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
        ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
        // A job whose worker died is run again however often: settling an order is guarded in SQL.
        maxStalledCount: 1_000,
      });
      logWorkerProblems(worker, 'block-trade settlement');
      // One scheduler for the whole deployment, whichever worker upserts it.
      await queue.upsertJobScheduler(
        TICK_SCHEDULER,
        { every: options.tickMs ?? 5_000 },
        { name: BLOCK_TRADE_JOBS.tick, opts: { removeOnComplete: true, removeOnFail: 100 } },
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
