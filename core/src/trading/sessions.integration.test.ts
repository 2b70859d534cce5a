import { randomUUID } from 'node:crypto';
import { Dec, type PlaceOrder, type TradeTick } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../ledger/audit.ts';
import { deposit, readUserCash } from '../ledger/ledger.ts';
import { messages } from '../messages/schema.ts';
import type { Database } from '../platform/database.ts';
import { createRedis } from '../platform/redis.ts';
import { deleteKeys } from '../testing/redis.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { cancelOrder } from './cancelOrder.ts';
import {
  expireOrders,
  type Fence,
  matchAfterHours,
  matchTrades,
  releaseHeld,
  takeShard,
} from './restingOrders.ts';
import { fills, orders, positions } from './schema.ts';
import { MarketDouble, marketTime, quote, TODAY } from './testing/marketDouble.ts';
import { createUser, serviceDeps } from './testing/serviceDeps.ts';

/** Call auctions, held orders, the day's end, after-hours trading and sells without cash. */
describe.each(DB_KINDS)('trading sessions on %s', (kind) => {
  let database: Database;
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;
  let deps: ReturnType<typeof serviceDeps>;
  let market: MarketDouble;
  let seq = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = createRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    deps = serviceDeps(database.db, redis, prefix);
    market = new MarketDouble(redis, prefix);
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  /** A fresh symbol per test, so no test meets another's orders. */
  let nextSymbol = 604100;
  const freshSymbol = async (overrides = {}) => {
    const symbol = String(nextSymbol++);
    await market.quotes(quote(symbol, overrides));
    return symbol;
  };
  const userWith = async (cash: number) => {
    const userId = await createUser(database.db);
    if (cash > 0) await database.db.transaction((tx) => deposit(tx, userId, new Dec(cash), TODAY));
    return userId;
  };
  const place = async (userId: string, request: PlaceOrder) =>
    (await deps.orders.place(userId, request, randomUUID())).order;
  const buy = (userId: string, symbol: string, quantity: number, price: string, afterHours?: true) =>
    place(userId, { symbol, side: 'buy', type: 'limit', price, quantity, ...(afterHours && { afterHours }) });
  const print = (price: string, volume: number, kind: TradeTick['kind']): TradeTick => {
    seq++;
    return { price, volume, side: 'B', kind, time: marketTime(TODAY, seq), seq };
  };
  const orderRow = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const fillsOf = async (id: string) =>
    (await database.db.select().from(fills).where(eq(fills.orderId, id))).map((f) => [f.price, f.quantity]);
  const cashOf = async (userId: string) => {
    const cash = await readUserCash(database.db, userId);
    return [cash.available.balance.toFixed(2), cash.frozen.balance.toFixed(2)];
  };
  const balanced = async () =>
    expect(await auditLedger(database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });

  it('fills a buy through the opening price at the auction price, not its limit (issue 11: 10.50 / 10.00)', async () => {
    const symbol = await freshSymbol();
    await market.status({ phase: 'openingCall' });
    const userId = await userWith(20_000);
    const order = await buy(userId, symbol, 1000, '10.50');
    expect(order).toMatchObject({ status: 'pending', session: 'openingCall', filledQuantity: 0 });
    const fence = await takeShard(database.db, order.shard);
    // The feed's opening print: 10.00 for 5,000 shares.
    await matchTrades(deps, fence, [{ symbol, trades: [print('10.00', 5000, 'open')] }]);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'filled',
      filledAmount: '10000.00',
      fees: '5.10',
      frozenCash: '0.00',
    });
    expect(await fillsOf(order.id)).toEqual([['10.000', 1000]]);
    // 20,000 − 10,000.00 − commission 5.00 − transfer 0.10: nothing overpaid.
    expect(await cashOf(userId)).toEqual(['9994.90', '0.00']);
    await balanced();
  });

  it('fills orders at exactly the auction price in time order up to the matched volume', async () => {
    const symbol = await freshSymbol();
    await market.status({ phase: 'openingCall' });
    const first = await buy(await userWith(20_000), symbol, 300, '10.00');
    const second = await buy(await userWith(20_000), symbol, 900, '10.00');
    const fence = await takeShard(database.db, first.shard);
    // Book at 10.00: buys 300 + 900 + the crowd's 1,000, sells the crowd's 1,000 → 1,000 trade;
    // ours are ahead of the crowd's at the same price: 300, then 700 of 900.
    await matchTrades(deps, fence, [{ symbol, trades: [print('10.00', 1000, 'open')] }]);
    expect(await orderRow(first.id)).toMatchObject({ status: 'filled', filledQuantity: 300 });
    expect(await orderRow(second.id)).toMatchObject({ status: 'partially_filled', filledQuantity: 700 });
    expect(await fillsOf(second.id)).toEqual([['10.000', 700]]);
    await balanced();
  });

  it('holds orders entered 9:25–9:30 out of the opening auction, then they meet the book at 9:30', async () => {
    const symbol = await freshSymbol();
    await market.status({ phase: 'preContinuous' });
    const order = await buy(await userWith(20_000), symbol, 300, '10.05');
    expect(order).toMatchObject({ status: 'pending', session: 'held' });
    const fence = await takeShard(database.db, order.shard);
    await matchTrades(deps, fence, [{ symbol, trades: [print('10.00', 5000, 'open')] }]);
    expect(await fillsOf(order.id)).toEqual([]);
    // 9:30: the asks are 10.01 (100,000 deep); the buy takes them at 10.01, better than its 10.05.
    await market.status({ phase: 'continuous' });
    expect(await releaseHeld(deps, fence, TODAY)).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'filled',
      session: 'day',
      filledAmount: '3003.00',
    });
    await balanced();
  });

  it('uncrosses every day order at the close, and ends the rest at 15:00 with their cash back at once', async () => {
    const symbol = await freshSymbol();
    await market.status({ phase: 'continuous' });
    const userId = await userWith(20_000);
    const resting = await buy(userId, symbol, 1000, '9.50');
    await market.status({ phase: 'closingCall' });
    const inCall = await buy(userId, symbol, 200, '9.90');
    const fence = await takeShard(database.db, resting.shard);
    await matchTrades(deps, fence, [{ symbol, trades: [print('9.80', 3000, 'close')] }]);
    expect(await orderRow(inCall.id)).toMatchObject({ status: 'filled', filledAmount: '1960.00' });
    expect(await orderRow(resting.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
      frozenCash: '0.00',
    });
    // 20,000 − 1,960.00 − 5.00 − 0.02: nothing frozen overnight.
    expect(await cashOf(userId)).toEqual(['18034.98', '0.00']);
    await balanced();
  });

  it('ends the day orders of a symbol that printed no close once 15:00 has passed', async () => {
    const symbol = await freshSymbol();
    await market.status({ phase: 'continuous' });
    const userId = await userWith(20_000);
    const order = await buy(userId, symbol, 1000, '9.50');
    const fence = await takeShard(database.db, order.shard);
    await expireOrders(deps, fence, TODAY, 'closingCall');
    expect((await orderRow(order.id)).status).toBe('pending');
    await expireOrders(deps, fence, TODAY, 'postClose');
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(await cashOf(userId)).toEqual(['20000.00', '0.00']);
  });

  it('fills after-hours orders at the close against the crowd, in time order, and ends them at 15:30', async () => {
    const symbol = await freshSymbol();
    await market.status({ phase: 'continuous' });
    // Marked after-hours during the day: it does not take the 10.01 offer.
    const first = await buy(await userWith(20_000), symbol, 200, '10.05', true);
    expect(first).toMatchObject({ status: 'pending', session: 'afterHours', filledQuantity: 0 });
    // The close: 10.02 on a day of 50,000 shares; the crowd offers 1% of it, 500 shares a side.
    await market.quotes(quote(symbol, { price: '10.02', volume: 50_000 }));
    await market.status({ phase: 'afterHoursFixed' });
    const second = await buy(await userWith(20_000), symbol, 400, '10.05');
    const below = await buy(await userWith(20_000), symbol, 100, '10.01');
    const fence = await takeShard(database.db, first.shard);
    // A day order's end does not touch them.
    await expireOrders(deps, fence, TODAY, 'afterHoursFixed');
    await matchAfterHours(deps, fence, TODAY, 'afterHoursFixed');
    expect(await fillsOf(first.id)).toEqual([['10.020', 200]]);
    expect(await fillsOf(second.id)).toEqual([['10.020', 300]]);
    // A buy limited below the close does not trade.
    expect(await fillsOf(below.id)).toEqual([]);
    // The 15:30 pass finds the crowd spent; then they end.
    await matchAfterHours(deps, fence, TODAY, 'closed');
    await expireOrders(deps, fence, TODAY, 'closed');
    expect(await orderRow(second.id)).toMatchObject({
      status: 'cancelled',
      filledQuantity: 300,
      frozenCash: '0.00',
    });
    expect((await orderRow(below.id)).status).toBe('cancelled');
    await balanced();
  });

  describe('sells never need cash', () => {
    const holding = async (userId: string, symbol: string, quantity: number) => {
      await database.db.insert(positions).values({
        userId,
        symbol,
        name: '*ST 测试',
        quantity,
        cost: new Dec(3).times(quantity).toFixed(2),
        buyQuantity: quantity,
        buyAmount: new Dec(3).times(quantity).toFixed(2),
        dayDate: '2026-07-06',
        dayOpenQuantity: quantity,
      });
    };
    const stQuote = {
      name: '*ST 测试',
      price: '3.00',
      prevClose: '3.00',
      limitUp: '3.30',
      limitDown: '2.70',
    };

    it('sells a fully invested holding of a 3.00 ST stock with no cash at all', async () => {
      const symbol = await freshSymbol({ ...stQuote, bids: [{ price: '2.99', volume: 100_000 }], asks: [] });
      await market.status({ phase: 'continuous' });
      const userId = await userWith(0);
      await holding(userId, symbol, 300);
      const order = await place(userId, {
        symbol,
        side: 'sell',
        type: 'limit',
        price: '2.95',
        quantity: 300,
      });
      // 300 × 2.99 = 897.00; commission 5.00, stamp 0.4485 → 0.45, transfer 0.00897 → 0.01
      expect(order).toMatchObject({ status: 'filled', filledAmount: '897.00', fees: '5.46' });
      expect(await cashOf(userId)).toEqual(['891.54', '0.00']);
      await balanced();
    });

    it('sells one odd share for less than the minimum commission: the commission is capped at the proceeds', async () => {
      const symbol = await freshSymbol({ ...stQuote, bids: [{ price: '2.99', volume: 100_000 }], asks: [] });
      await market.status({ phase: 'continuous' });
      const userId = await userWith(0);
      await holding(userId, symbol, 1);
      const order = await place(userId, { symbol, side: 'sell', type: 'limit', price: '2.99', quantity: 1 });
      expect(order).toMatchObject({ status: 'filled', filledAmount: '2.99', fees: '2.99' });
      const [fill] = await database.db.select().from(fills).where(eq(fills.orderId, order.id));
      expect([fill!.commission, fill!.stampDuty, fill!.transferFee]).toEqual(['2.99', '0.00', '0.00']);
      expect(await cashOf(userId)).toEqual(['0.00', '0.00']);
      await balanced();
    });
  });

  /** The ordersExpired notice: one per user and session end, across matcher shards and reruns. */
  describe('orders expired notices', () => {
    const noticesOf = (userId: string) =>
      database.db
        .select({ params: messages.params })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.kind, 'ordersExpired')));
    const fences = async (shards: readonly number[]): Promise<Fence[]> => {
      const taken: Fence[] = [];
      for (const shard of new Set(shards)) taken.push(await takeShard(database.db, shard));
      return taken;
    };
    const publishedTo = (userId: string) =>
      deps.published
        .flatMap((out) => out.messages)
        .filter((m) => m.userId === userId && m.message.kind === 'ordersExpired');

    it('tells each user once at 15:00 of all their day orders across shards, and not again on a rerun', async () => {
      await market.status({ phase: 'continuous' });
      // Consecutive codes hash to different feed shards, so the user's orders span matchers.
      const symbols = [await freshSymbol(), await freshSymbol(), await freshSymbol()];
      const many = await userWith(100_000);
      const placed = [
        await buy(many, symbols[0]!, 1000, '9.50'),
        await buy(many, symbols[1]!, 500, '9.60'),
        await buy(many, symbols[1]!, 300, '9.40'),
        await buy(many, symbols[2]!, 1000, '9.70'),
      ];
      // Part of one order fills: it ends partly filled and counts among the expired.
      const partFence = await takeShard(database.db, placed[3]!.shard);
      await matchTrades(deps, partFence, [
        { symbol: symbols[2]!, trades: [print('9.65', 400, 'continuous')] },
      ]);
      // A user whose only order filled whole, and one who cancelled theirs: nothing expires for them.
      const filled = await userWith(20_000);
      const whole = await buy(filled, symbols[0]!, 100, '9.80');
      await matchTrades(deps, await takeShard(database.db, whole.shard), [
        { symbol: symbols[0]!, trades: [print('9.75', 1000, 'continuous')] },
      ]);
      const cancelled = await userWith(20_000);
      const theirs = await buy(cancelled, symbols[1]!, 100, '9.10');
      await cancelOrder(deps, cancelled, theirs.id);

      const all = await fences(placed.map((o) => o.shard));
      expect(all.length).toBeGreaterThan(1);
      // Shard by shard, as separate matchers would: the notice waits for the last open order.
      const [first, ...rest] = all;
      await expireOrders(deps, first!, TODAY, 'postClose');
      expect(await noticesOf(many)).toEqual([]);
      // The other shards at once: their expiries queue on the user's cash row, so exactly one is last.
      await Promise.all(rest.map((fence) => expireOrders(deps, fence, TODAY, 'postClose')));
      const sorted = [...new Set(symbols)].sort().join(',');
      expect(await noticesOf(many)).toEqual([
        { params: { date: TODAY, session: 'day', count: '4', symbols: sorted } },
      ]);
      expect(publishedTo(many)).toHaveLength(1);
      expect(await noticesOf(filled)).toEqual([]);
      expect(await noticesOf(cancelled)).toEqual([]);

      // A restarted matcher (a new fence) sweeps again, at 15:00 and at the day's close.
      for (const fence of await fences(placed.map((o) => o.shard))) {
        await expireOrders(deps, fence, TODAY, 'postClose');
        await expireOrders(deps, fence, TODAY, 'closed');
      }
      expect(await noticesOf(many)).toHaveLength(1);
      expect(publishedTo(many)).toHaveLength(1);
    });

    it('tells of after-hours orders apart, when they end at 15:30', async () => {
      await market.status({ phase: 'continuous' });
      const symbol = await freshSymbol();
      const userId = await userWith(50_000);
      const day = await buy(userId, symbol, 100, '9.00');
      const late = await buy(userId, symbol, 200, '9.00', true);
      const [fence] = await fences([day.shard]);
      await expireOrders(deps, fence!, TODAY, 'postClose');
      expect(await noticesOf(userId)).toEqual([
        { params: { date: TODAY, session: 'day', count: '1', symbols: symbol } },
      ]);
      await expireOrders(deps, fence!, TODAY, 'closed');
      expect((await noticesOf(userId)).map((n) => n.params)).toEqual([
        { date: TODAY, session: 'day', count: '1', symbols: symbol },
        { date: TODAY, session: 'afterHours', count: '1', symbols: symbol },
      ]);
      expect(late.session).toBe('afterHours');
    });
  });
});
