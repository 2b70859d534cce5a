import { randomUUID } from 'node:crypto';
import { openTestDatabase } from '@bourse/core/market/history/testing';
import type { Database } from '@bourse/core/platform';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedState } from './feedState.ts';
import { deleteKeys, TEST_REDIS_URL } from './testing/redis.ts';

describe('the limit lists’ seal states in Redis', () => {
  const prefix = `test:${randomUUID()}:`;
  let redis: Redis;
  let database: Database;
  let state: FeedState;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    database = await openTestDatabase('postgres');
    state = new FeedState(redis, prefix, database.db);
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  it('keeps each day’s states under its date, the latest per name and side, for a day or two', async () => {
    await state.saveSeals('2026-11-26', [['600001:up', { first: 1, last: 1, breaks: 0, sealed: true }]]);
    await state.saveSeals('2026-11-26', [
      ['600001:up', { first: 1, last: 5, breaks: 1, sealed: true }],
      ['600002:down', { first: 3, last: 3, breaks: 0, sealed: true }],
    ]);
    expect(new Map(await state.seals('2026-11-26'))).toEqual(
      new Map([
        ['600001:up', { first: 1, last: 5, breaks: 1, sealed: true }],
        ['600002:down', { first: 3, last: 3, breaks: 0, sealed: true }],
      ]),
    );
    const ttl = await redis.ttl(`${prefix}market:feed:seals:2026-11-26`);
    expect(ttl).toBeGreaterThan(86_400);
    expect(ttl).toBeLessThanOrEqual(2 * 86_400);
    // The next trading day starts with none.
    expect(await state.seals('2026-11-27')).toEqual([]);
  });

  it('leaves out a stored state that does not parse', async () => {
    await redis.hset(`${prefix}market:feed:seals:2026-11-25`, {
      '600003:up': '{"first":1}',
      '600004:up': 'x',
    });
    await state.saveSeals('2026-11-25', [['600005:up', { first: 2, last: 2, breaks: 0, sealed: false }]]);
    expect(await state.seals('2026-11-25')).toEqual([
      ['600005:up', { first: 2, last: 2, breaks: 0, sealed: false }],
    ]);
  });
});
