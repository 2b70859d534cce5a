import { randomUUID } from 'node:crypto';
import { type Database, logger } from '@bourse/core/platform';
import { openTestDatabase } from '@bourse/core/trading/testing';
import { FEED_SHARDS } from '@bourse/shared';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteKeys, TEST_REDIS_URL } from '../market/testing/redis.ts';
import { MATCHER_KEYS, Matcher } from './matcher.ts';

const LOCK_TTL_MS = 600;
const ALL_SHARDS = Array.from({ length: FEED_SHARDS }, (_, shard) => shard);
const SETTLED = { timeout: 15_000, interval: 50 };

interface Replica {
  matcher: Matcher;
  redis: Redis;
  subscriber: Redis;
}

const byNumber = (a: number, b: number) => a - b;
const byFirstShard = (a: number[], b: number[]) => (a[0] ?? -1) - (b[0] ?? -1);

/**
 * Issue 17: matcher replicas split the feed shards between them instead of one taking all. On
 * PostgreSQL only: replicas are separate processes, which the embedded database does not serve.
 */
describe('matchers sharing the feed shards', () => {
  const logLevel = logger.level;
  let database: Database;
  let redis: Redis;
  let prefix: string;
  const replicas = new Set<Replica>();

  beforeAll(async () => {
    // A crashed replica warns at every upkeep.
    logger.level = 'error';
    database = await openTestDatabase('postgres');
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  });

  beforeEach(() => {
    prefix = `test:${randomUUID()}:`;
  });

  afterEach(async () => {
    for (const replica of replicas) await stop(replica);
    await deleteKeys(redis, prefix);
  });

  afterAll(async () => {
    redis?.disconnect();
    await database?.close();
    logger.level = logLevel;
  });

  async function start(): Promise<Replica> {
    const own = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const subscriber = own.duplicate();
    const matcher = new Matcher(database, own, subscriber, { redisPrefix: prefix, lockTtlMs: LOCK_TTL_MS });
    const replica = { matcher, redis: own, subscriber };
    replicas.add(replica);
    await matcher.start();
    return replica;
  }

  async function stop(replica: Replica): Promise<void> {
    replicas.delete(replica);
    await replica.matcher.stop();
    replica.redis.disconnect();
    replica.subscriber.disconnect();
  }

  /** Killed as by kill -9: nothing renewed or released from now on, as far as Redis can tell. */
  function crash(replica: Replica): void {
    replica.redis.disconnect();
    replica.subscriber.disconnect();
  }

  /** The shards grouped by the holder their lock in Redis names. */
  async function lockHolders(): Promise<number[][]> {
    const holders = await redis.mget(ALL_SHARDS.map((shard) => `${prefix}${MATCHER_KEYS.lock(shard)}`));
    const byHolder = new Map<string, number[]>();
    holders.forEach((holder, shard) => {
      if (holder) byHolder.set(holder, [...(byHolder.get(holder) ?? []), shard]);
    });
    return [...byHolder.values()].sort(byFirstShard);
  }

  /**
   * Expects the replicas to hold every shard between them, once each, as their locks in Redis
   * say too, and returns how many each holds.
   */
  async function shares(...live: Replica[]): Promise<number[]> {
    const held = live.map((r) => r.matcher.shards().sort(byNumber));
    expect(held.flat().sort(byNumber)).toEqual(ALL_SHARDS);
    expect(await lockHolders()).toEqual(held.filter((shards) => shards.length > 0).sort(byFirstShard));
    return held.map((shards) => shards.length);
  }

  it('splits the shards 8 and 8 between two replicas', async () => {
    const first = await start();
    const second = await start();
    await vi.waitFor(async () => expect(await shares(first, second)).toEqual([8, 8]), SETTLED);
  });

  it('hands shards over to a third replica that joins, none holding more than 6', async () => {
    const first = await start();
    const second = await start();
    await vi.waitFor(async () => expect(await shares(first, second)).toEqual([8, 8]), SETTLED);

    const third = await start();
    await vi.waitFor(async () => {
      for (const share of await shares(first, second, third)) expect(share).toBeLessThanOrEqual(6);
    }, SETTLED);
  });

  it('gives a stopped replica’s shards to the one left, which it tells by leaving the members', async () => {
    const first = await start();
    const second = await start();
    await vi.waitFor(async () => expect(await shares(first, second)).toEqual([8, 8]), SETTLED);

    await stop(second);
    expect(await redis.zcard(`${prefix}${MATCHER_KEYS.members}`)).toBe(1);
    await vi.waitFor(async () => expect(await shares(first)).toEqual([FEED_SHARDS]), SETTLED);
  });

  it('gives a crashed replica’s shards to the others once its locks and membership expire', async () => {
    const first = await start();
    const second = await start();
    const third = await start();
    await vi.waitFor(() => shares(first, second, third), SETTLED);

    crash(third);
    await vi.waitFor(async () => expect(await shares(first, second)).toEqual([8, 8]), SETTLED);

    crash(second);
    await vi.waitFor(async () => expect(await shares(first)).toEqual([FEED_SHARDS]), SETTLED);
  });
});
