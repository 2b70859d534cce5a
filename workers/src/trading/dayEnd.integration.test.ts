import { randomUUID } from 'node:crypto';
import { createIpo, ipoAllotments, ipoSubscriptions, ipos, settlePayments } from '@bourse/core/ipo';
import { encodeWireTrades } from '@bourse/core/market/feedWire.ts';
import { DB_KINDS, openTestDatabase } from '@bourse/core/market/history/testing';
import { type Database, logger } from '@bourse/core/platform';
import {
  createUser,
  deposit,
  MarketDouble,
  marketTime,
  orders,
  quote,
  serviceDeps,
  TODAY,
} from '@bourse/core/trading/testing';
import { Dec, FEED_KEYS, FEED_SHARDS, feedShard, type TradeTick } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKeys, TEST_REDIS_URL } from '../market/testing/redis.ts';
import { Matcher } from './matcher.ts';

const SYMBOL = '604000';

/** Issue 11: cash frozen by a day order came back only the next trading day, after the IPO payment. */
describe.each(DB_KINDS)('the day end on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let matcher: Matcher;
  let market: MarketDouble;

  beforeAll(async () => {
    logger.level = 'error';
    database = await openTestDatabase(kind);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    market = new MarketDouble(redis, prefix);
    await market.status();
    await market.quotes(quote(SYMBOL));
    matcher = new Matcher(database, redis, redis.duplicate(), { redisPrefix: prefix, lockTtlMs: 1_000 });
    await matcher.start();
    await vi.waitFor(() => expect(matcher.shards()).toHaveLength(FEED_SHARDS), { timeout: 20_000 });
  });

  afterAll(async () => {
    await matcher?.stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database?.close();
  });

  it('releases a resting buy at 15:00, so the T+2 payment that evening is paid in full', async () => {
    const { db } = database;
    // Subscribed Fri 2026-07-03: the draw on Mon 07-06, payment on Tue 07-07 (today).
    const ipo = await createIpo(db, {
      code: '687702',
      name: '测试科技',
      price: '10.00',
      onlineShares: 10_000_000,
      subscriptionDate: '2026-07-03',
    });
    expect(ipo.paymentDate).toBe(TODAY);
    const userId = await createUser(db);
    await db.transaction((tx) => deposit(tx, userId, new Dec(20_000), TODAY));
    // Won two 500-share units: 1,000 shares at 10.00.
    const [subscription] = await db
      .insert(ipoSubscriptions)
      .values({ ipoId: ipo.id, userId, units: 2 })
      .returning();
    await db
      .insert(ipoAllotments)
      .values({ ipoId: ipo.id, subscriptionId: subscription!.id, userId, wonUnits: 2 });
    await db.update(ipos).set({ status: 'awaiting_payment' }).where(eq(ipos.id, ipo.id));

    // A buy under the market rests all day: 1,100 × 9.50 + 5.00 + 0.10 = 10,455.10 frozen.
    const deps = serviceDeps(db, redis, prefix);
    const { order } = await deps.orders.place(
      userId,
      { symbol: SYMBOL, side: 'buy', type: 'limit', price: '9.50', quantity: 1100 },
      randomUUID(),
    );
    expect(order).toMatchObject({ status: 'pending', frozenCash: '10455.10' });

    // The closing call ends: the feed says so on its status channel.
    const status = await market.status({ phase: 'postClose' });
    await redis.publish(`${prefix}${FEED_KEYS.statusChannel}`, JSON.stringify(status));
    await vi.waitFor(
      async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
        expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'expired', frozenCash: '0.00' });
      },
      { timeout: 20_000, interval: 100 },
    );

    // 16:00 cut-off: 20,000 available pays both units.
    await settlePayments(db, ipo.id, () => {}, Date.now());
    const [allotment] = await db.select().from(ipoAllotments).where(eq(ipoAllotments.ipoId, ipo.id));
    expect(allotment).toMatchObject({ paidUnits: 2, paidAmount: '10000.00' });
  });

  it("fills a closing-call order at the feed's closing print, as the trades channel carries it", async () => {
    const { db } = database;
    const symbol = '604001';
    await market.quotes(quote(symbol));
    // The feed announces the closing call, as it would after the previous test's close: a
    // matcher still on that close would end the day's orders before the print reaches them.
    const status = await market.status({ phase: 'closingCall' });
    await redis.publish(`${prefix}${FEED_KEYS.statusChannel}`, JSON.stringify(status));
    const userId = await createUser(db);
    await db.transaction((tx) => deposit(tx, userId, new Dec(20_000), TODAY));
    const { order } = await serviceDeps(db, redis, prefix).orders.place(
      userId,
      { symbol, side: 'buy', type: 'limit', price: '10.30', quantity: 500 },
      randomUUID(),
    );
    const close: TradeTick = {
      price: '10.10',
      volume: 8_000,
      side: 'B',
      kind: 'close',
      time: marketTime(TODAY, 1),
      seq: 1,
    };
    await redis.publish(
      `${prefix}${FEED_KEYS.tradesChannel(feedShard(symbol))}`,
      encodeWireTrades([{ symbol, trades: [close] }]),
    );
    await vi.waitFor(
      async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
        // 500 × 10.10, not 10.30
        expect(row).toMatchObject({ status: 'filled', filledAmount: '5050.00' });
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
