import { randomUUID } from 'node:crypto';
import { readDragonTigerDay, storeDayBars } from '@bourse/core/market/history';
import { DB_KINDS, openTestDatabase } from '@bourse/core/market/history/testing';
import { type Database, loadConfig, logger } from '@bourse/core/platform';
import { type DayBar, FEED_KEYS, type InstrumentListing, MARKET_QUEUES } from '@bourse/shared';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueDragonTiger } from './dayClose.ts';
import { buildDragonTigerDay, dragonTigerService } from './dragonTigerWorker.ts';
import { bullPrefix } from './queues.ts';
import { deleteKeys, TEST_REDIS_URL } from './testing/redis.ts';

const DATE = '2026-07-10';

function day(close: number, turnoverRate = 300): DayBar {
  return {
    tradingDate: DATE,
    prevClose: 1000,
    open: 1000,
    high: Math.max(1000, close),
    low: Math.min(1000, close),
    close,
    volume: 100_000,
    turnover: 100_000 * close,
    turnoverRate,
  };
}

const listing = (symbol: string, exchange: 'SSE' | 'SZSE'): InstrumentListing => ({
  symbol,
  name: `N${symbol}`,
  initials: 'N',
  board: symbol.startsWith('303') ? 'chinext' : 'main',
  exchange,
  isST: false,
  sector: 'bank',
});

describe.each(DB_KINDS)('the dragon-tiger job on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;

  beforeAll(async () => {
    logger.level = 'warn';
    database = await openTestDatabase(kind);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const instruments = [listing('604001', 'SSE'), listing('004001', 'SZSE'), listing('303001', 'SZSE')];
    await redis.set(`${prefix}${FEED_KEYS.instrumentsKey}`, JSON.stringify(instruments));
    await storeDayBars(database.db, [
      { symbol: '604001', bar: day(1100) }, // +10% on an index up 1%
      { symbol: '004001', bar: day(1000, 2500) }, // turnover 25%
      { symbol: '303001', bar: day(1200) }, // +20%
      { symbol: 'sh000001', bar: day(1010) },
      { symbol: 'sz399001', bar: day(990) },
    ]);
  });

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  it('builds a day once: a rerun stores nothing twice', async () => {
    const job = { tradingDate: DATE, seed: '42' };
    expect(await buildDragonTigerDay(database.db, redis, prefix, job)).toBe(true);
    const first = await readDragonTigerDay(database.db, DATE);
    expect(first?.entries.map((e) => [e.reason, e.symbol, e.value])).toEqual([
      ['deviationUp', '604001', '9.00'],
      ['changeUp', '303001', '20.00'],
      ['turnoverRate', '004001', '25.00'],
    ]);
    expect(await buildDragonTigerDay(database.db, redis, prefix, job)).toBe(false);
    expect(await readDragonTigerDay(database.db, DATE)).toEqual(first);
  });

  it('runs one job per day however often the day is enqueued', async () => {
    const queuePrefix = `${prefix}jobs:`;
    const queue = new Queue(MARKET_QUEUES.dragonTiger, {
      connection: redis,
      prefix: bullPrefix(queuePrefix),
    });
    const other = '2026-07-13';
    await storeDayBars(database.db, [{ symbol: '604001', bar: { ...day(1100), tradingDate: other } }]);
    await enqueueDragonTiger(queue, { tradingDate: other, seed: '42' });
    await enqueueDragonTiger(queue, { tradingDate: other, seed: '42' });
    // The job reads the listing under the prefix its worker runs with.
    await redis.set(`${queuePrefix}${FEED_KEYS.instrumentsKey}`, JSON.stringify([listing('604001', 'SSE')]));
    const context = { config: loadConfig({}), database, redisUrl: TEST_REDIS_URL, redisPrefix: queuePrefix };
    const worker = await dragonTigerService({ redisPrefix: queuePrefix }).start(context);
    try {
      await vi.waitFor(async () => expect(await queue.getJobCounts('completed')).toEqual({ completed: 1 }), {
        timeout: 15_000,
        interval: 100,
      });
      expect((await readDragonTigerDay(database.db, other))?.tradingDate).toBe(other);
    } finally {
      await worker.stop();
      await queue.close();
    }
  });
});
