/**
 * The `feed` background service: one active feed per deployment, the holder of the Redis
 * lock; every other feed process stands by, polling, and takes over once the lock expires.
 */
import { logger } from '@bourse/core/platform';
import { RedisLease } from '@bourse/core/platform/redisLease.ts';
import { FEED_KEYS, MARKET_QUEUES } from '@bourse/shared';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { generateUniverse, type Universe } from '../feed/index.ts';
import type { BackgroundService, WorkerContext } from '../service.ts';
import { ActiveFeed } from './activeFeed.ts';
import { backfillHistory } from './backfill.ts';
import { type FeedOptions, feedOptionsFromEnv } from './feedOptions.ts';
import { sweepDragonTigerLists } from './listSweep.ts';
import { bullPrefix } from './queues.ts';

export class FeedSupervisor {
  private readonly lock: RedisLease;
  private readonly queue: Queue;
  private active: ActiveFeed | null = null;
  private universe: Universe | undefined;
  private lastRenewal = 0;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly context: WorkerContext,
    private readonly redis: Redis,
    private readonly options: FeedOptions,
  ) {
    this.lock = new RedisLease(redis, `${options.redisPrefix}${FEED_KEYS.lockKey}`, options.lockTtlMs);
    this.queue = new Queue(MARKET_QUEUES.dragonTiger, {
      connection: redis,
      prefix: bullPrefix(options.redisPrefix),
    });
  }

  get isActive(): boolean {
    return this.active !== null;
  }

  /** Tries once to become active (so a lone process publishes before start resolves), then keeps watch. */
  async start(): Promise<void> {
    await this.watch();
    // Renew three times per lifetime; standbys poll as often, so a takeover waits at most a third of it more.
    this.timer = setInterval(
      () => {
        if (!this.busy) this.busy = this.watch().finally(() => (this.busy = null));
      },
      Math.floor(this.options.lockTtlMs / 3),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.busy;
    if (this.active) {
      await this.active.stop();
      this.active = null;
      // A standby need not wait for the lock to expire; if Redis is gone it expires anyway.
      await this.lock
        .release()
        .catch((err: Error) =>
          logger.warn({ err: err.message }, 'feed: lock not released; a standby takes over when it expires'),
        );
    }
    await this.queue.close();
  }

  private async watch(): Promise<void> {
    try {
      if (this.active) await this.renew();
      else if (await this.lock.acquire()) await this.activate();
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'feed: lock upkeep failed');
      // Unrenewed for a whole lifetime, the lock may be someone else's: stop publishing.
      if (this.active && Date.now() - this.lastRenewal > this.options.lockTtlMs)
        await this.demote('lock unconfirmed');
    }
  }

  private async renew(): Promise<void> {
    if (await this.lock.renew()) this.lastRenewal = Date.now();
    else await this.demote('lock lost');
  }

  private async activate(): Promise<void> {
    this.lastRenewal = Date.now();
    this.universe ??= generateUniverse({ seed: this.options.seed, size: this.options.symbols });
    const active = new ActiveFeed({
      redis: this.redis,
      database: this.context.database,
      options: this.options,
      universe: this.universe,
      dragonTigerQueue: this.queue,
    });
    // Renewals go on while the day replays: the lock must not lapse during a long catch-up.
    let lost = false;
    const renewing = setInterval(
      () => {
        this.lock.renew().then(
          (held) => {
            if (held) this.lastRenewal = Date.now();
            else lost = true;
          },
          () => undefined,
        );
      },
      Math.floor(this.options.lockTtlMs / 3),
    );
    try {
      await active.start();
    } catch (err) {
      await this.lock
        .release()
        .catch((releaseErr: Error) =>
          logger.warn({ err: releaseErr.message }, 'feed: lock not released after a failed start'),
        );
      throw err;
    } finally {
      clearInterval(renewing);
    }
    if (this.stopped || lost) {
      await active.stop();
      if (!lost) await this.lock.release();
      return;
    }
    this.active = active;
    logger.info({ id: this.lock.holder }, 'feed: active');
    active.track(this.backfill(active), 'backfill');
  }

  private async demote(reason: string): Promise<void> {
    const active = this.active;
    this.active = null;
    logger.warn({ reason }, 'feed: standing by');
    await active?.stop();
  }

  private async backfill(active: ActiveFeed): Promise<void> {
    const started = Date.now();
    const signal = active.stopSignal;
    const dates = await backfillHistory(this.context.database.db, {
      universe: this.universe!,
      seed: this.options.seed,
      plan: active.plan,
      days: this.options.backfillDays,
      minuteDays: this.options.backfillMinuteDays,
      signal,
    }).catch((err: unknown) => {
      // Stopping mid-way is no failure: the next start extends what was stored.
      if (signal.aborted) return null;
      throw err;
    });
    if (dates === null) {
      logger.info('feed: history backfill stopped with the feed; the next start goes on with it');
      return;
    }
    if (dates.length === 0) return;
    logger.info({ days: dates.length, ms: Date.now() - started }, 'feed: history backfilled');
    await active.reloadStreaks();
    // The made-up days get their lists like any missing ones.
    await sweepDragonTigerLists(this.context.database.db, this.queue, this.options.seed);
  }
}

/** The market feed as a background service; `overrides` replace the environment's settings (tests). */
export function feedService(overrides: Partial<FeedOptions> = {}): BackgroundService {
  return {
    name: 'feed',
    async start(context) {
      const options = {
        ...feedOptionsFromEnv(process.env, context.database.kind, context.redisPrefix),
        ...overrides,
      };
      const redis = new Redis(context.redisUrl, { maxRetriesPerRequest: null });
      const supervisor = new FeedSupervisor(context, redis, options);
      try {
        await supervisor.start();
      } catch (err) {
        redis.disconnect();
        throw err;
      }
      return {
        async stop() {
          await supervisor.stop();
          redis.disconnect();
        },
      };
    },
  };
}
