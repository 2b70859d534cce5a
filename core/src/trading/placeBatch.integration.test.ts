import { randomUUID } from 'node:crypto';
import { Dec, DomainError, type PlaceOrder } from '@bourse/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { auditLedger } from '../ledger/audit.ts';
import { deposit, readUserCash } from '../ledger/ledger.ts';
import type { Database } from '../platform/database.ts';
import { createRedis } from '../platform/redis.ts';
import { deleteKeys } from '../testing/redis.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import type { Placed } from './placeOrder.ts';
import { fills, orders, positions } from './schema.ts';
import { MarketDouble, quote, TODAY } from './testing/marketDouble.ts';
import { createUser, serviceDeps } from './testing/serviceDeps.ts';

const SYMBOL = '604000';
const restingBuy = (quantity = 100): PlaceOrder => ({
  symbol: SYMBOL,
  side: 'buy',
  type: 'limit',
  price: '9.50',
  quantity,
});
const marketBuy: PlaceOrder = { symbol: SYMBOL, side: 'buy', type: 'market', quantity: 100 };

/** Settled answers in request order: the order placed, or the error it got. */
const settle = (requests: Promise<Placed>[]) =>
  Promise.all(
    requests.map((p) =>
      p.then(
        (placed) => ({ placed }),
        (error: unknown) => ({ error }),
      ),
    ),
  );

describe.each(DB_KINDS)('orders placed together in one transaction on %s', (kind) => {
  let database: Database;
  let redis: Redis;
  const prefix = `test:${randomUUID()}:`;
  let deps: ReturnType<typeof serviceDeps>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = createRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    deps = serviceDeps(database.db, redis, prefix);
    const market = new MarketDouble(redis, prefix);
    await market.status();
    await market.quotes(quote(SYMBOL));
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  async function userWith(cash: string): Promise<string> {
    const userId = await createUser(database.db);
    await database.db.transaction((tx) => deposit(tx, userId, new Dec(cash), TODAY));
    return userId;
  }

  /** The transaction that wrote each order (PostgreSQL's xmin): one id means one batch. */
  async function writtenBy(orderIds: string[]): Promise<Set<string>> {
    const rows = rowsOf<{ tx: string }>(
      await database.db.execute(
        sql`select xmin::text as tx from ${orders} where ${inArray(orders.id, orderIds)}`,
      ),
    );
    expect(rows).toHaveLength(orderIds.length);
    return new Set(rows.map((r) => r.tx));
  }

  async function expectLedgerBalanced() {
    expect(await auditLedger(database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  }

  it('places several orders of one account in one transaction and refuses those its cash no longer covers', async () => {
    // Each rests at 9.50 and freezes 955.01: 3 fit in 3,000.00, the 4th and 5th do not.
    const userId = await userWith('3000.00');
    const answers = await settle(
      Array.from({ length: 5 }, () => deps.orders.place(userId, restingBuy(), randomUUID())),
    );
    const placed = answers.flatMap((a) => ('placed' in a ? [a.placed.order] : []));
    expect(placed.map((o) => o.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await writtenBy(placed.map((o) => o.id))).toHaveProperty('size', 1);
    for (const a of answers.slice(3)) {
      expect('error' in a && a.error).toBeInstanceOf(DomainError);
      expect('error' in a && (a.error as DomainError).key).toBe('order.insufficientCash');
      expect('error' in a && (a.error as DomainError).params).toEqual({
        needed: '955.01',
        available: '134.97',
      });
    }
    const cash = await readUserCash(database.db, userId);
    expect(cash.available.balance.toFixed(2)).toBe('134.97');
    expect(cash.frozen.balance.toFixed(2)).toBe('2865.03');
    await expectLedgerBalanced();
  });

  it('fills, refuses and rests orders of several accounts in one batch, each answered on its own', async () => {
    const [rich, seller, poor] = [
      await userWith('100000.00'),
      await userWith('100000.00'),
      await userWith('10.00'),
    ];
    const answers = await settle([
      deps.orders.place(rich, marketBuy, randomUUID()),
      // No shares to sell: refused by the sellable check, under the position's lock.
      deps.orders.place(seller, { ...marketBuy, side: 'sell' }, randomUUID()),
      deps.orders.place(poor, marketBuy, randomUUID()),
      deps.orders.place(rich, restingBuy(200), randomUUID()),
      deps.orders.place(rich, marketBuy, randomUUID()),
    ]);
    expect(
      answers.map((a) => ('placed' in a ? a.placed.order.status : (a.error as DomainError).key)),
    ).toEqual(['filled', 'order.exceedsSellable', 'order.insufficientCash', 'pending', 'filled']);
    const placedIds = answers.flatMap((a) => ('placed' in a ? [a.placed.order.id] : []));
    expect(await writtenBy(placedIds)).toHaveProperty('size', 1);
    // Two market buys of 100 at 10.01, each its own fill: one position of 200, cost 2 × (1001.00 + 5.01).
    const [held] = await database.db.select().from(positions).where(eq(positions.userId, rich));
    expect(held).toMatchObject({ quantity: 200, cost: '2012.02', dayBuyQuantity: 200 });
    const filled = await database.db.select().from(fills).where(eq(fills.userId, rich));
    expect(filled.map((f) => f.amount)).toEqual(['1001.00', '1001.00']);
    // 100,000 − 2 × 1006.01 − frozen 1905.02 (200 at 9.50 + 5.00 + transfer fee 0.019 → 0.02)
    const cash = await readUserCash(database.db, rich);
    expect(cash.available.balance.toFixed(2)).toBe('96082.96');
    expect(cash.frozen.balance.toFixed(2)).toBe('1905.02');
    const events = deps.published.filter((out) => out.userId === rich);
    expect(events.flatMap((out) => out.fills.map((f) => f.orderId)).sort()).toEqual(
      [answers[0], answers[4]].map((a) => (a && 'placed' in a ? a.placed.order.id : '')).sort(),
    );
    await expectLedgerBalanced();
  });

  it('answers every order of a batch that meets a database error: the others alone, the bad one with its error', async () => {
    const userId = await userWith('100000.00');
    // A real failure inside the batch's transaction: PostgreSQL refuses an order of 300 shares.
    await database.db.execute(sql`create function refuse_300() returns trigger language plpgsql as $$
      begin raise exception 'refused by test trigger'; end $$`);
    await database.db.execute(sql`create trigger orders_refuse_300 before insert on orders
      for each row when (new.quantity = 300) execute function refuse_300()`);
    try {
      const answers = await settle(
        [100, 300, 200].map((q) => deps.orders.place(userId, restingBuy(q), randomUUID())),
      );
      // Drizzle wraps the driver's error: the database's message is its cause.
      const failed = 'error' in answers[1]! ? (answers[1].error as Error & { cause?: unknown }) : undefined;
      expect(String(failed?.cause)).toMatch(/refused by test trigger/);
      const placed = [answers[0]!, answers[2]!].map((a) => ('placed' in a ? a.placed.order : undefined));
      expect(placed.map((o) => o?.quantity)).toEqual([100, 200]);
      // Each went again in a transaction of its own.
      expect(await writtenBy(placed.map((o) => o!.id))).toHaveProperty('size', 2);
    } finally {
      await database.db.execute(sql`drop trigger orders_refuse_300 on orders`);
      await database.db.execute(sql`drop function refuse_300()`);
    }
    const mine = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(mine.map((o) => o.quantity).sort()).toEqual([100, 200]);
    // 100,000 − (955.01 + 1905.02)
    const cash = await readUserCash(database.db, userId);
    expect(cash.available.balance.toFixed(2)).toBe('97139.97');
    await expectLedgerBalanced();
  });

  it('replays an idempotency key inside a batch and from an earlier batch, once, and refuses it with another body', async () => {
    const userId = await userWith('100000.00');
    const key = randomUUID();
    const earlierKey = randomUUID();
    const earlier = await deps.orders.place(userId, restingBuy(), earlierKey);
    const answers = await settle([
      deps.orders.place(userId, marketBuy, key),
      deps.orders.place(userId, marketBuy, key),
      deps.orders.place(userId, restingBuy(), earlierKey),
      deps.orders.place(userId, restingBuy(200), randomUUID()),
      deps.orders.place(userId, { ...marketBuy, quantity: 200 }, key),
    ]);
    const [first, again, replayed, other, conflict] = answers;
    // The two requests with one key go in different batches: one makes the order, the other replays it.
    const sameKey = [first, again].map((a) => ('placed' in a! ? a.placed : undefined));
    expect(sameKey.map((p) => p?.replayed).sort()).toEqual([false, true]);
    expect(sameKey[0]?.order).toMatchObject({
      id: sameKey[1]?.order.id,
      status: 'filled',
      idempotencyKey: key,
    });
    expect(replayed).toMatchObject({ placed: { replayed: true, order: { id: earlier.order.id } } });
    expect(other).toMatchObject({ placed: { replayed: false, order: { quantity: 200, status: 'pending' } } });
    expect('error' in conflict! && (conflict.error as DomainError).key).toBe('common.idempotencyConflict');
    const mine = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(mine).toHaveLength(3);
    expect(await database.db.select().from(fills).where(eq(fills.userId, userId))).toHaveLength(1);
    // 100,000 − 1006.01 spent; 955.01 + 1905.02 frozen, still the user's cash
    const cash = await readUserCash(database.db, userId);
    expect(cash.available.balance.plus(cash.frozen.balance).toFixed(2)).toBe('98993.99');
    await expectLedgerBalanced();
  });
});
