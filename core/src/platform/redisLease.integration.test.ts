import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { deleteKeys } from '../testing/redis.ts';
import { RedisLease } from './redisLease.ts';

describe('RedisLease', () => {
  const prefix = `test:${randomUUID()}:`;
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('has one holder; only the holder renews or releases it', async () => {
    const key = `${prefix}lease-a`;
    const a = new RedisLease(redis, key, 5_000);
    const b = new RedisLease(redis, key, 5_000);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    expect(await b.renew()).toBe(false);
    await b.release();
    expect(await redis.get(key)).toBe(a.holder);
    expect(await a.renew()).toBe(true);
    await a.release();
    expect(await b.acquire()).toBe(true);
  });

  it('expires unless renewed, and then its old holder cannot renew it', async () => {
    const key = `${prefix}lease-b`;
    const a = new RedisLease(redis, key, 200);
    const b = new RedisLease(redis, key, 200);
    expect(await a.acquire()).toBe(true);
    // Free only once a's 200 ms are up, which is what lets b take it.
    await vi.waitFor(async () => expect(await b.acquire()).toBe(true), { timeout: 5_000, interval: 50 });
    expect(await a.renew()).toBe(false);
    expect(await redis.get(key)).toBe(b.holder);
  });
});
