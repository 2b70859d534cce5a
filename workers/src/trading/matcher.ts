import { randomUUID } from 'node:crypto';
import { readWireTrades } from '@bourse/core/market/feedWire.ts';
import type { Database } from '@bourse/core/platform';
import { logger } from '@bourse/core/platform';
import { LuaScript } from '@bourse/core/platform/luaScript.ts';
import { RedisLease } from '@bourse/core/platform/redisLease.ts';
import {
  expireOrders,
  type Fence,
  FencedOut,
  matchAfterHours,
  matchTrades,
  redisMarketView,
  redisUserEvents,
  releaseHeld,
  type TradingDeps,
  takeShard,
} from '@bourse/core/trading';
import { FEED_KEYS, FEED_SHARDS, feedStatusMessageSchema, type MarketPhase, parseJson } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { type BackgroundService, subscribingService } from '../service.ts';

/** The matchers' Redis keys, under the install's prefix: the live members and each shard's lock. */
export const MATCHER_KEYS = {
  members: 'trading:matcher:members',
  lock: (shard: number) => `trading:matcher:{q${shard}}:lock`,
};

/**
 * Marks ARGV[1] seen now in the member set KEYS[1], drops the members not seen within ARGV[2] ms
 * and returns how many are left, itself included. Scored by Redis's clock rather than each
 * host's: one clock for every replica, so a skewed host can neither age a live peer out nor keep
 * a dead one in.
 */
const ANNOUNCE = new LuaScript(`
local time = redis.call('TIME')
local now = time[1] * 1000 + math.floor(time[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])`);

export interface MatcherOptions {
  redisPrefix?: string;
  /**
   * How long a shard's lock and a matcher's membership live without renewal; a crashed
   * matcher's shards free up after it.
   */
  lockTtlMs?: number;
}

function failedWhileStopping(step: string): (err: Error) => void {
  return (err) => logger.warn({ err: err.message }, `matcher: ${step} failed while stopping`);
}

interface HeldShard {
  fence: Fence;
  /** The shard's work, one message at a time in arrival order. */
  queue: Promise<void>;
  /** Being handed to a peer: takes no new work, and its lock is released once the queue is done. */
  leaving?: boolean;
}

/**
 * The resting-order matcher: fills open limit orders from the feed's trade ticks, uncrosses the
 * call auctions at their prints, releases the orders held 9:25–9:30 into the book at 9:30,
 * fills after-hours orders at the close, and ends orders with their session (day orders at
 * 15:00, after-hours ones at 15:30), releasing their cash at once. Each of the 16 feed shards has one matcher at a time, the holder of a
 * Redis lock; on taking a shard it bumps the shard's fencing token in PostgreSQL, and every
 * fill transaction checks it, so a matcher that lost its lock (paused, partitioned) can no
 * longer write.
 *
 * Replicas share the shards. Each announces itself in a member set at every upkeep and aims at
 * its fair share, the 16 shards split over the live members and rounded up: it takes free
 * shards while under it and, when a peer joins, hands over its surplus (the shard takes no new
 * work, finishes its queue, then its lock is released for the peer to take). A crashed
 * replica's locks expire and its entry ages out after the lock TTL; the survivors' shares grow
 * and they take its shards. Membership only decides how many shards to take: the locks and the
 * fencing tokens alone keep one writer per shard.
 */
export class Matcher {
  private readonly id = randomUUID();
  private readonly held = new Map<number, HeldShard>();
  private readonly deps: TradingDeps;
  private readonly prefix: string;
  private readonly ttl: number;
  private timer: NodeJS.Timeout | undefined;
  private upkeep: Promise<void> | undefined;
  private tradingDate: string | undefined;
  private phase: MarketPhase | undefined;
  private stopped = false;

  constructor(
    database: Database,
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    options: MatcherOptions & { redisPrefix: string },
  ) {
    this.prefix = options.redisPrefix;
    this.ttl = options.lockTtlMs ?? 10_000;
    const market = redisMarketView(redis, this.prefix);
    this.deps = { db: database.db, market, events: redisUserEvents(redis, this.prefix, market) };
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  /** The shard's lock, under this matcher's id. */
  private lock(shard: number): RedisLease {
    return new RedisLease(this.redis, this.key(MATCHER_KEYS.lock(shard)), this.ttl, this.id);
  }

  async start(): Promise<void> {
    const channels = new Map<string, number>();
    for (let shard = 0; shard < FEED_SHARDS; shard++)
      channels.set(this.key(FEED_KEYS.tradesChannel(shard)), shard);
    const statusChannel = this.key(FEED_KEYS.statusChannel);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === statusChannel) this.onStatus(text);
      const shard = channels.get(channel);
      if (shard !== undefined) this.onTrades(shard, text);
    });
    await this.subscriber.subscribe(statusChannel, ...channels.keys());
    this.onStatus(await this.redis.get(this.key(FEED_KEYS.statusKey)));
    await this.maintain();
    this.timer = setInterval(
      () => {
        // An upkeep slower than the interval (a slow database) is not overlapped by the next one.
        this.upkeep ??= this.maintain().finally(() => {
          this.upkeep = undefined;
        });
      },
      Math.max(100, Math.floor(this.ttl / 3)),
    );
  }

  /** Shards this matcher holds now. */
  shards(): number[] {
    return [...this.held.keys()];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    // A shard taken after the release below would stay locked until its lock expired.
    await this.upkeep;
    // Stopping goes on without Redis: the shard locks expire and the membership ages out by themselves.
    await this.subscriber.unsubscribe().catch(failedWhileStopping('unsubscribe'));
    // Leave first, so that the peers' shares have grown by the time the locks are free.
    await this.redis
      .zrem(this.key(MATCHER_KEYS.members), this.id)
      .catch(failedWhileStopping('leaving the members'));
    // Let work in hand finish, then free the shards so a peer need not wait for the locks to expire.
    await Promise.all([...this.held.values()].map((h) => h.queue));
    await Promise.all(
      [...this.held.keys()].map((shard) => this.lock(shard).release().catch(failedWhileStopping('release'))),
    );
    this.held.clear();
  }

  /** Announces this matcher, renews the locks held, and takes or hands over shards toward its fair share. */
  private async maintain(): Promise<void> {
    const share = await this.fairShare();
    for (let shard = 0; shard < FEED_SHARDS && !this.stopped; shard++) {
      try {
        if (this.held.has(shard)) {
          if (!(await this.lock(shard).renew())) this.drop(shard, 'lock lost');
        } else if (this.working().length < share && (await this.lock(shard).acquire())) {
          const fence = await takeShard(this.deps.db, shard);
          this.held.set(shard, { fence, queue: Promise.resolve() });
          logger.info({ shard, token: fence.token }, 'matcher: took shard');
          this.sessionWork(shard);
        }
      } catch (err) {
        logger.warn({ shard, err: (err as Error).message }, 'matcher: lock upkeep failed');
      }
    }
    if (!this.stopped) for (const shard of this.working().slice(share)) this.handOver(shard);
  }

  /** How many shards this matcher should hold: FEED_SHARDS over the live members, rounded up. */
  private async fairShare(): Promise<number> {
    try {
      const members = Number(
        await ANNOUNCE.run(this.redis, [this.key(MATCHER_KEYS.members)], [this.id, this.ttl]),
      );
      return Math.ceil(FEED_SHARDS / members);
    } catch (err) {
      // Without a count, neither take nor hand over: keep what is held.
      logger.warn({ err: (err as Error).message }, 'matcher: announcing itself failed');
      return this.working().length;
    }
  }

  /** The shards held that take new work, in the order they were taken (the latest are handed over first). */
  private working(): number[] {
    return [...this.held].filter(([, held]) => !held.leaving).map(([shard]) => shard);
  }

  /** The held shard, unless it is not there or is being handed over. */
  private accepting(shard: number): HeldShard | undefined {
    const held = this.held.get(shard);
    return held?.leaving ? undefined : held;
  }

  /** Stops new work on the shard, and releases its lock for a peer once the work queued is done. */
  private handOver(shard: number): void {
    const held = this.held.get(shard);
    if (!held) return;
    held.leaving = true;
    logger.info({ shard }, 'matcher: handing shard over');
    void held.queue
      .then(async () => {
        // Lost meanwhile (lock expired, fenced out): the shard may be another's already.
        if (this.held.get(shard) !== held) return;
        this.held.delete(shard);
        await this.lock(shard).release();
      })
      .catch((err: Error) =>
        logger.warn(
          { shard, err: err.message },
          'matcher: releasing a handed-over shard failed; its lock will expire',
        ),
      );
  }

  private drop(shard: number, reason: string): void {
    if (this.held.delete(shard)) logger.warn({ shard, reason }, 'matcher: gave up shard');
  }

  private enqueue(shard: number, work: (fence: Fence) => Promise<unknown>): void {
    const held = this.accepting(shard);
    if (!held) return;
    held.queue = held.queue
      .then(() => (this.held.get(shard) === held ? work(held.fence) : undefined))
      .then(
        () => undefined,
        (err: Error) => {
          if (err instanceof FencedOut) this.drop(shard, 'fenced out');
          else logger.error({ shard, err: err.message }, 'matcher: shard work failed');
        },
      );
  }

  private onTrades(shard: number, text: string): void {
    if (!this.accepting(shard)) return;
    const batches = readWireTrades(text);
    if (batches) this.enqueue(shard, (fence) => matchTrades(this.deps, fence, batches));
    else logger.warn({ shard }, 'matcher: dropped a trades message that does not parse');
  }

  private onStatus(text: string | null): void {
    const status = text ? parseJson(feedStatusMessageSchema, text) : undefined;
    if (!status || (status.tradingDate === this.tradingDate && status.phase === this.phase)) return;
    this.tradingDate = status.tradingDate;
    this.phase = status.phase;
    for (const shard of this.held.keys()) this.sessionWork(shard);
  }

  /**
   * What the market's date and phase call for, in the shard's queue after the trades that came
   * before (the feed publishes a phase's prints ahead of its status): held orders meet the book
   * in continuous trading, after-hours orders fill at 15:05 and 15:30, and ended orders expire.
   * Run again when a shard is taken, so a new holder catches up.
   */
  private sessionWork(shard: number): void {
    const { tradingDate, phase } = this;
    if (!tradingDate || !phase) return;
    this.enqueue(shard, async (fence) => {
      if (phase === 'continuous') await releaseHeld(this.deps, fence, tradingDate);
      if (phase === 'afterHoursFixed' || phase === 'closed')
        await matchAfterHours(this.deps, fence, tradingDate, phase);
      await expireOrders(this.deps, fence, tradingDate, phase);
    });
  }
}

/** The matcher as a background service of the workers process. */
export function matcherService(options: MatcherOptions = {}): BackgroundService {
  return subscribingService(
    'matcher',
    (context, redis, subscriber) =>
      new Matcher(context.database, redis, subscriber, {
        ...options,
        redisPrefix: options.redisPrefix ?? context.redisPrefix,
      }),
  );
}
