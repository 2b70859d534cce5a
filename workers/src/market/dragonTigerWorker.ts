/** The after-close job that builds a trading day's dragon-tiger list, and the worker that runs it. */

import { dayBarsOn, storeDragonTigerDay } from '@bourse/core/market/history';
import { type Db, logger } from '@bourse/core/platform';
import {
  Dec,
  type DragonTigerJob,
  dragonTigerJobSchema,
  FEED_KEYS,
  feedInstrumentsSchema,
  MARKET_QUEUES,
} from '@bourse/shared';
import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullConnections, logWorkerProblems } from '../bullConnections.ts';
import { parseJobData } from '../jobData.ts';
import type { BackgroundService } from '../service.ts';
import { buildDragonTiger, DEVIATION_INDEX } from './dragonTiger.ts';
import { feedOptionsFromEnv } from './feedOptions.ts';
import { sweepDragonTigerLists } from './listSweep.ts';

/** Builds and stores a day's list; false when that day's list was already stored. */
export async function buildDragonTigerDay(
  db: Db,
  redis: Redis,
  redisPrefix: string,
  job: DragonTigerJob,
): Promise<boolean> {
  const listingText = await redis.get(`${redisPrefix}${FEED_KEYS.instrumentsKey}`);
  if (!listingText) throw new Error('no instrument listing in Redis yet');
  const listing = feedInstrumentsSchema.parse(JSON.parse(listingText));
  const bars = await dayBarsOn(db, job.tradingDate);
  if (bars.size === 0) throw new Error(`no day bars stored for ${job.tradingDate}`);
  const indexChanges = new Map<string, Dec>();
  for (const symbol of new Set(Object.values(DEVIATION_INDEX))) {
    const bar = bars.get(symbol);
    if (bar) indexChanges.set(symbol, new Dec(bar.close - bar.prevClose).div(bar.prevClose));
  }
  const stocks = listing.flatMap((l) => {
    const bar = bars.get(l.symbol);
    return bar ? [{ listing: l, bar }] : [];
  });
  const entries = buildDragonTiger({ tradingDate: job.tradingDate, seed: job.seed, stocks, indexChanges });
  return storeDragonTigerDay(db, { tradingDate: job.tradingDate, entries });
}

export interface DragonTigerServiceOptions {
  redisPrefix?: string;
  /** The feed's seed (FEED_SEED by default), for the lists the sweep asks for. */
  seed?: string;
  /** How often the heal sweep looks for missing lists, besides once at start. */
  sweepEveryMs?: number;
}

/** Builds the dragon-tiger lists the feed asks for after each close, and those the sweep finds missing. */
export function dragonTigerService(options: DragonTigerServiceOptions = {}): BackgroundService {
  return {
    name: 'market-lists',
    async start(context) {
      const bull = bullConnections(context.redisUrl, options.redisPrefix ?? context.redisPrefix);
      const seed =
        options.seed ?? feedOptionsFromEnv(process.env, context.database.kind, bull.redisPrefix).seed;
      const worker = new Worker(
        MARKET_QUEUES.dragonTiger,
        async (job: Job) => {
          const request = parseJobData(dragonTigerJobSchema, job);
          const built = await buildDragonTigerDay(context.database.db, bull.redis, bull.redisPrefix, request);
          logger.info({ tradingDate: request.tradingDate, built }, 'dragon-tiger list');
        },
        { connection: bull.blocking, prefix: bull.prefix, concurrency: 1 },
      );
      logWorkerProblems(worker, 'dragon-tiger');
      const queue = new Queue(MARKET_QUEUES.dragonTiger, { connection: bull.redis, prefix: bull.prefix });
      let sweeping: Promise<unknown> = Promise.resolve();
      const sweep = () => {
        sweeping = sweepDragonTigerLists(context.database.db, queue, seed).catch((err: Error) =>
          logger.warn({ err: err.message }, 'dragon-tiger sweep failed; the next one tries again'),
        );
      };
      sweep();
      const timer = setInterval(sweep, options.sweepEveryMs ?? 3_600_000);
      return {
        async stop() {
          clearInterval(timer);
          await sweeping;
          await worker.close();
          await queue.close();
          bull.disconnect();
        },
      };
    },
  };
}
