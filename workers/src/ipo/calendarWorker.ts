/** The IPO calendar's BullMQ worker: the scheduled tick, and the payment, listing and holdings jobs it adds. */

import {
  allotmentQueue,
  ipos,
  listIssue,
  redisMessagePublisher,
  settlePayments,
  snapshotHoldings,
} from '@bourse/core/ipo';
import { marketTimeOf } from '@bourse/core/market/clock';
import { type Db, logger } from '@bourse/core/platform';
import { redisMarketView } from '@bourse/core/trading';
import {
  CALENDAR_JOBS,
  Dec,
  FEED_KEYS,
  feedInstrumentsSchema,
  holdingsJobSchema,
  IPO_QUEUES,
  issueJobSchema,
  parseJson,
} from '@bourse/shared';
import { DelayedError, type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';
import { type CalendarDeps, calendarTick, marketClock } from './calendar.ts';
import type { PipelineMarket } from './pipeline.ts';

export interface CalendarOptions {
  redisPrefix?: string;
  /** How often the calendar looks at the market's clock; the demo clock's day lasts 9 minutes by default. */
  tickMs?: number;
}

type MarketView = ReturnType<typeof redisMarketView>;

/** How often a holdings snapshot looks again for the day's bars, and how long it waits for them. */
const BARS_POLL_MS = 5_000;
const BARS_WAIT_MS = 30 * 60_000;

/** Quotes sampled per board for its going price. */
const PRICE_SAMPLE = 60;

/** Codes, names and going prices of the simulated market, from the feed's listing and snapshot. */
export async function pipelineMarket(
  db: Db,
  redis: Redis,
  redisPrefix: string,
  market: MarketView,
): Promise<PipelineMarket> {
  const listing =
    parseJson(feedInstrumentsSchema, await redis.get(`${redisPrefix}${FEED_KEYS.instrumentsKey}`)) ?? [];
  const issued = await db.select({ code: ipos.code, name: ipos.name }).from(ipos);
  const medians = new Map<string, Dec>();
  for (const board of ['main', 'chinext', 'star'] as const) {
    const sample = listing.filter((l) => l.board === board && !l.isST).slice(0, PRICE_SAMPLE);
    const prices = [...(await market.quotes(sample.map((l) => l.symbol))).values()]
      .map((q) => new Dec(q.price))
      .sort((a, b) => a.comparedTo(b));
    const median = prices[Math.floor(prices.length / 2)];
    if (median) medians.set(board, median);
  }
  return {
    codes: new Set([...listing.map((l) => l.symbol), ...issued.map((i) => i.code)]),
    names: new Set([...listing.map((l) => l.name), ...issued.map((i) => i.name)]),
    medianPrice: (board) => medians.get(board),
  };
}

export function calendarProcessor(deps: CalendarDeps & { market: MarketView }) {
  return async (job: Job, token?: string) => {
    switch (job.name) {
      case CALENDAR_JOBS.tick:
        await calendarTick(deps, marketClock(await deps.market.status()));
        return;
      case CALENDAR_JOBS.payment: {
        const { ipoId } = parseJobData(issueJobSchema, job);
        const at = marketTimeOf(await deps.market.status());
        const moved = await settlePayments(deps.db, ipoId, deps.publish, at);
        logger.info({ ipoId, moved }, 'ipo calendar: payments settled');
        return { moved };
      }
      case CALENDAR_JOBS.listing: {
        const { ipoId, tradingDate } = parseJobData(issueJobSchema, job);
        const listed = await listIssue(deps.db, ipoId, tradingDate);
        logger.info({ ipoId, listed }, 'ipo calendar: issue listed');
        return { listed };
      }
      case CALENDAR_JOBS.holdings: {
        const { tradingDate } = parseJobData(holdingsJobSchema, job);
        const taken = await snapshotHoldings(deps.db, tradingDate);
        if (taken) return taken;
        // The feed stores a day's bars at its close (and the backfill on a first start): waiting
        // for them is normal operation, so the job is put back, not failed, until it has waited too long.
        if (Date.now() - job.timestamp > BARS_WAIT_MS) {
          throw new Error(`no day bars stored for ${tradingDate}`);
        }
        await job.moveToDelayed(Date.now() + BARS_POLL_MS, token);
        throw new DelayedError();
      }
      default:
        throw new UnrecoverableError(`unknown calendar job ${job.name}`);
    }
  };
}

export function ipoCalendarService(options: CalendarOptions = {}): BackgroundService {
  return {
    name: 'ipo-calendar',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const { redis, redisPrefix: prefix } = bull;
      const calendarQueue = new Queue(IPO_QUEUES.calendar, { connection: redis, prefix: bull.prefix });
      const allotments = allotmentQueue(redis, prefix);
      const publisher = redisMessagePublisher(redis, prefix);
      const market = redisMarketView(redis, prefix);
      const { db } = context.database;
      // One scheduler for the whole deployment, whichever worker upserts it.
      await calendarQueue.upsertJobScheduler(
        'ipo-calendar-tick',
        { every: options.tickMs ?? 2_000 },
        { name: CALENDAR_JOBS.tick, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
      const worker = new Worker(
        IPO_QUEUES.calendar,
        calendarProcessor({
          db,
          calendarQueue,
          allotmentQueue: allotments,
          autoAllotment: context.config.ipoAutoAllotment,
          market,
          publish: (sent) => publisher.publish(sent),
          pipelineMarket: () => pipelineMarket(db, redis, prefix, market),
        }),
        { connection: bull.blocking, prefix: bull.prefix, concurrency: 2 },
      );
      logWorkerProblems(worker, 'ipo calendar');
      return {
        async stop() {
          await worker.close();
          await Promise.all([calendarQueue.close(), allotments.close()]);
          bull.disconnect();
        },
      };
    },
  };
}
