import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FeedLock } from './feedLock.ts';
import { deleteKeys, TEST_REDIS_URL } from './testing/redis.ts';

describe('FeedLock', () => {
  const prefix = `test:${randomUUID()}:`;
  const redis = new Redis(TEST_REDIS_URL);

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('has one holder; only the holder renews or releases it', async () => {
    const key = `${prefix}lock-a`;
    const a = new FeedLock(redis, key, 5_000);
    const b = new FeedLock(redis, key, 5_000);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await b.renew()).toBe(false);
    await b.release();
    expect(await redis.get(key)).toBe(a.id);
    expect(await a.renew()).toBe(true);
    await a.release();
    expect(await b.acquire()).toBe(true);
  });

  it('expires unless renewed, and then its old holder cannot renew it', async () => {
    const key = `${prefix}lock-b`;
    const a = new FeedLock(redis, key, 200);
    const b = new FeedLock(redis, key, 200);
    expect(await a.acquire()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await b.acquire()).toBe(true);
    expect(await a.renew()).toBe(false);
    expect(await redis.get(key)).toBe(b.id);
  });
});
