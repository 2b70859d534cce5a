import { randomUUID } from 'node:crypto';
import { Dec, type TradeTick } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../ledger/audit.ts';
import { deposit, readUserCash } from '../ledger/ledger.ts';
import type { Database } from '../platform/database.ts';
import { createRedis } from '../platform/redis.ts';
import { deleteKeys } from '../testing/redis.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { expireOrders, FencedOut, matchTrades, takeShard } from './restingOrders.ts';
import { fills, orders } from './schema.ts';
import { MarketDouble, marketTime, quote, TODAY } from './testing/marketDouble.ts';
import { createUser, serviceDeps } from './testing/serviceDeps.ts';

const SYMBOL = '604000';
const tick = (price: string, volume: number, seq: number, date = TODAY): TradeTick => ({
  price,
  volume,
  side: 'S',
  time: marketTime(date, seq),
  seq,
});

describe.each(DB_KINDS)('resting orders on %s', (kind) => {
  let database: Database;
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;
  let deps: ReturnType<typeof serviceDeps>;
  let market: MarketDouble;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = createRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    deps = serviceDeps(database.db, redis, prefix);
    market = new MarketDouble(redis, prefix);
    await market.status();
    // Asks at 10.50: bids at 10.00 rest.
    await market.quotes(quote(SYMBOL, { asks: [{ price: '10.50', volume: 1000 }] }));
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  async function restingBuy(quantity: number, price = '10.00') {
    const userId = await createUser(database.db);
    await database.db.transaction((tx) => deposit(tx, userId, new Dec(100_000), TODAY));
    const { order } = await deps.orders.place(
      userId,
      { symbol: SYMBOL, side: 'buy', type: 'limit', price, quantity },
      randomUUID(),
    );
    return order;
  }

  const fillsOf = (orderId: string) => database.db.select().from(fills).where(eq(fills.orderId, orderId));
  const orderRow = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('fills at the limit when a trade goes through it, partly when the trade is smaller', async () => {
    const order = await restingBuy(300);
    const fence = await takeShard(database.db, order.shard);
    // 10.00 is not through a 10.00 bid; 9.99 is.
    await matchTrades(deps, fence, [
      { symbol: SYMBOL, trades: [tick('10.00', 500, 1), tick('9.99', 200, 2)] },
    ]);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'partially_filled',
      filledQuantity: 200,
      filledAmount: '2000.00',
    });
    await matchTrades(deps, fence, [{ symbol: SYMBOL, trades: [tick('9.98', 500, 3)] }]);
    const done = await orderRow(order.id);
    expect(done).toMatchObject({ status: 'filled', filledQuantity: 300, frozenCash: '0.00' });
    expect((await fillsOf(order.id)).map((f) => [f.price, f.quantity])).toEqual([
      ['10.000', 200],
      ['10.000', 100],
    ]);
    expect(await auditLedger(database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });

  it('fills from several trades of one message until the order is filled, then opens no transaction for it', async () => {
    const order = await restingBuy(300);
    const fence = await takeShard(database.db, order.shard);
    const transaction = vi.spyOn(database.db, 'transaction');
    const filled = await matchTrades(deps, fence, [
      {
        symbol: SYMBOL,
        trades: [tick('9.99', 200, 20), tick('9.98', 200, 21), tick('9.97', 200, 22), tick('9.96', 200, 23)],
      },
    ]);
    expect(filled).toBe(2);
    expect((await fillsOf(order.id)).map((f) => f.quantity)).toEqual([200, 100]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'filled', filledQuantity: 300 });
    // Two fills, two transactions: the last two trades pass the filled order by.
    expect(transaction).toHaveBeenCalledTimes(2);
    transaction.mockRestore();
  });

  it('fills a trade seen twice once', async () => {
    const order = await restingBuy(1000);
    const fence = await takeShard(database.db, order.shard);
    const batch = [{ symbol: SYMBOL, trades: [tick('9.90', 100, 10)] }];
    expect(await matchTrades(deps, fence, batch)).toBe(1);
    expect(await matchTrades(deps, fence, batch)).toBe(0);
    expect(await fillsOf(order.id)).toHaveLength(1);
  });

  it('ignores trades of another day', async () => {
    const order = await restingBuy(100);
    const fence = await takeShard(database.db, order.shard);
    await matchTrades(deps, fence, [{ symbol: SYMBOL, trades: [tick('9.00', 100, 11, '2026-07-08')] }]);
    expect(await fillsOf(order.id)).toHaveLength(0);
  });

  it('refuses a matcher whose shard was taken over', async () => {
    const order = await restingBuy(100);
    const stale = await takeShard(database.db, order.shard);
    await takeShard(database.db, order.shard);
    await expect(
      matchTrades(deps, stale, [{ symbol: SYMBOL, trades: [tick('9.90', 100, 12)] }]),
    ).rejects.toBeInstanceOf(FencedOut);
    expect(await fillsOf(order.id)).toHaveLength(0);
  });

  it('expires the orders of earlier days and releases their cash', async () => {
    const order = await restingBuy(100);
    const fence = await takeShard(database.db, order.shard);
    expect(await expireOrders(deps, fence, TODAY, 'continuous')).toBe(0);
    expect(await expireOrders(deps, fence, '2026-07-08', 'preOpen')).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
      frozenCash: '0.00',
    });
    const cash = await readUserCash(database.db, order.userId);
    expect([cash.available.balance.toFixed(2), cash.frozen.balance.toFixed(2)]).toEqual([
      '100000.00',
      '0.00',
    ]);
    expect(await auditLedger(database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });
});
