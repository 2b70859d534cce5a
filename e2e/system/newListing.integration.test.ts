import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIpo } from '@bourse/core/ipo';
import { DB_KINDS, openTestDatabase } from '@bourse/core/market/history/testing';
import { createRedis, type Database, loadConfig, logger } from '@bourse/core/platform';
import { createUser, deposit, serviceDeps } from '@bourse/core/trading/testing';
import { type RunningServer, startServer } from '@bourse/server';
import { Dec, FEED_KEYS, feedQuoteSchema, feedShard, parseJson, shanghaiDate } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoClock } from '../../workers/src/feed/index.ts';
import { feedService } from '../../workers/src/market/feedService.ts';
import { storeDemoClock } from '../../workers/src/market/feedState.ts';
import { deleteKeys, TEST_REDIS_URL } from '../../workers/src/market/testing/redis.ts';

/** The feed's first day; the issue was subscribed on 2026-07-09 (T) and paid on 2026-07-13 (T+2). */
const LISTING_DAY = '2026-07-16';
const ISSUE = { code: '304999', name: '恒瑞智能', price: '21.50', onlineShares: 8_000_000 };

describe.each(DB_KINDS)('an IPO listing in the market on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let server: RunningServer;
  let stopFeed: () => Promise<void>;
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
    return { status: res.status, body: (await res.json()) as { code: number; data: unknown } };
  };

  beforeAll(async () => {
    logger.level = 'warn';
    database = await openTestDatabase(kind);
    redis = createRedis(TEST_REDIS_URL);
    await createIpo(database.db, { ...ISSUE, subscriptionDate: '2026-07-09', listingDate: LISTING_DAY });
    // One trading day per real day from 09:35: continuous trading for the whole test.
    await storeDemoClock(redis, prefix, demoClock({ firstDate: LISTING_DAY, cycleMs: 86_400_000 }));
    const context = { config: loadConfig({}), database, redisUrl: TEST_REDIS_URL, redisPrefix: prefix };
    const feed = await feedService({
      redisPrefix: prefix,
      symbols: 200,
      demoCycleMs: 86_400_000,
      publishIntervalMs: 250,
      backfillDays: 0,
      backfillMinuteDays: 0,
    }).start(context);
    stopFeed = () => feed.stop();
    server = await startServer({
      config: {
        ...loadConfig({}),
        port: 0,
        logLevel: 'silent',
        clientDist: join(tmpdir(), `bourse-no-client-${randomUUID()}`),
      },
      database,
      redis,
      redisPrefix: prefix,
    });
  });

  afterAll(async () => {
    await server?.close();
    await stopFeed?.();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  const snapshotQuote = async (symbol: string) =>
    parseJson(
      feedQuoteSchema,
      await redis.hget(`${prefix}${FEED_KEYS.snapshotHash(feedShard(symbol))}`, symbol),
    );

  it('quotes the new listing from its listing day at the issue price, without a band', async () => {
    const quote = await vi.waitUntil(() => snapshotQuote(ISSUE.code), { timeout: 30_000, interval: 250 });
    expect(quote).toMatchObject({ symbol: ISSUE.code, name: ISSUE.name, prevClose: '21.50', limitUp: null });
    const quotes = await vi.waitUntil(
      async () => {
        const res = await get(`/api/market/quotes?symbols=${ISSUE.code}`);
        return res.status === 200 && (res.body.data as unknown[]).length > 0 ? res.body.data : undefined;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(quotes).toEqual([
      expect.objectContaining({ symbol: ISSUE.code, prevClose: '21.50', limitUp: null }),
    ]);
  });

  it('finds it by code and by pinyin initials, and charts it', async () => {
    for (const q of [ISSUE.code, 'HRZN']) {
      const found = await vi.waitUntil(
        async () => {
          const res = await get(`/api/market/search?q=${q}`);
          const rows = (res.body.data ?? []) as { symbol: string }[];
          return rows.some((r) => r.symbol === ISSUE.code) ? rows : undefined;
        },
        { timeout: 30_000, interval: 250 },
      );
      expect(found.map((r) => r.symbol)).toContain(ISSUE.code);
    }
    // Its first day bar is the listing day's, from the live quote until the close stores it.
    const kline = await get(`/api/market/kline?symbol=${ISSUE.code}&period=day`);
    expect(kline.status).toBe(200);
    const { bars } = kline.body.data as { bars: { time: number; volume: number }[] };
    expect(bars).toHaveLength(1);
    expect(shanghaiDate(bars[0]!.time)).toBe(LISTING_DAY);
    expect(bars[0]!.volume).toBeGreaterThan(0);
  });

  it("has no band: a buy far above the board's band meets only the price cage, while an older ChiNext name's band refuses it", async () => {
    const { db } = database;
    const deps = serviceDeps(db, redis, prefix);
    const userId = await createUser(db);
    await db.transaction((tx) => deposit(tx, userId, new Dec(100_000), LISTING_DAY));
    const quote = (await snapshotQuote(ISSUE.code))!;
    // 40% over the last price: beyond ChiNext's ±20%, so only the continuous-trading cage (2%
    // over the best ask) stands in the way, and it names its own limit.
    const farAbove = new Dec(quote.price).times(1.4).toDecimalPlaces(2).toFixed(2);
    await expect(
      deps.orders.place(
        userId,
        { symbol: ISSUE.code, side: 'buy', type: 'limit', price: farAbove, quantity: 200 },
        randomUUID(),
      ),
    ).rejects.toMatchObject({ key: 'order.priceAboveCage' });
    // At the best ask, marketable against the book.
    const price = quote.asks[0]?.price ?? quote.price;
    const { order } = await deps.orders.place(
      userId,
      { symbol: ISSUE.code, side: 'buy', type: 'limit', price, quantity: 200 },
      randomUUID(),
    );
    expect(order).toMatchObject({ symbol: ISSUE.code, side: 'buy', quantity: 200 });
    expect(order.filledQuantity).toBeGreaterThan(0);

    const instruments = JSON.parse((await redis.get(`${prefix}${FEED_KEYS.instrumentsKey}`))!) as {
      symbol: string;
      board: string;
    }[];
    const older = instruments.find((i) => i.board === 'chinext' && i.symbol !== ISSUE.code)!;
    const olderQuote = (await snapshotQuote(older.symbol))!;
    const tooHigh = new Dec(olderQuote.prevClose).times(1.4).toDecimalPlaces(2).toFixed(2);
    await expect(
      deps.orders.place(
        userId,
        { symbol: older.symbol, side: 'buy', type: 'limit', price: tooHigh, quantity: 200 },
        randomUUID(),
      ),
    ).rejects.toMatchObject({ key: 'order.priceAboveLimit' });
  });
});
