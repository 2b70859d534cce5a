import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { MAIN_CONNECTIONS } from '../platform/database.ts';
import type { Database, Db } from '../platform/index.ts';
import { deleteKeys } from '../testing/redis.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { type CheckoutDeps, createOrders, payOrders } from './checkout.ts';
import { storeCheckouts } from './orderSchema.ts';
import { storeProductSpecs } from './schema.ts';
import { insertKiteShop, insertShopper, specStock, testCheckoutDeps } from './testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A database, Redis and checkout's parts for one suite, closed after it. */
function checkoutSuite() {
  const prefix = `test:${randomUUID()}:`;
  const suite = {} as { database: Database; redis: Redis; deps: CheckoutDeps };
  beforeAll(async () => {
    suite.database = await openTestDatabase('postgres');
    suite.redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    suite.deps = testCheckoutDeps(suite.database.db, suite.redis, prefix);
  });
  afterAll(async () => {
    await suite.deps.expiryQueue.close();
    await suite.deps.fulfilmentQueue.close();
    await deleteKeys(suite.redis, prefix);
    suite.redis.disconnect();
    await suite.database.close();
  });
  /** The stock gate's count of a spec; set, so that admitting a checkout reads no database. */
  const gateCount = {
    key: (specId: number) => `${prefix}store:stock:{gate}:${specId}`,
    get: async (specId: number) => Number(await suite.redis.get(gateCount.key(specId))),
    set: (specId: number, units: number) => suite.redis.set(gateCount.key(specId), units, 'EX', 60),
  };
  return { suite, gateCount };
}

/** A shopper checking out one unit of each spec. */
function checkoutOf(deps: CheckoutDeps, buyer: { userId: string; addressId: string }, specIds: number[]) {
  return () =>
    createOrders(
      deps,
      buyer.userId,
      { items: specIds.map((specId) => ({ specId, quantity: 1 })), addressId: buyer.addressId },
      randomUUID(),
      'en',
    );
}

// PostgreSQL only: on PGlite one session runs one transaction at a time, and a checkout reads
// its stock inside its transaction, so no other buyer can take a unit between its read and its
// decrement. PGlite's refusal of a final statement is tested in database.integration.test.ts.
describe('checkout taking stock with its commit on PostgreSQL', () => {
  const { suite, gateCount } = checkoutSuite();
  const db = () => suite.database.db;

  /** The last order number drawn: a checkout that reached its transaction drew one. */
  const lastOrderSeq = async () =>
    (
      await queryRows<{ seq: number }>(
        db(),
        sql`select coalesce(pg_sequence_last_value(pg_get_serial_sequence('store_orders', 'seq')::regclass), 0)::int as seq`,
      )
    )[0]!.seq;

  /**
   * Runs `checkout` while another buyer takes the last unit of `specId` after the checkout has
   * read the stock and before its transaction ends, so only the decrement's CHECK can find it short.
   */
  async function whileAnotherBuyerTakesTheLast(
    specId: number,
    checkout: () => Promise<unknown>,
  ): Promise<unknown> {
    const settled = (p: Promise<unknown>) =>
      p.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    const takeTheLast = (tx: Db) =>
      tx.update(storeProductSpecs).set({ stock: 0 }).where(eq(storeProductSpecs.id, specId));
    // The other buyer holds the row; the checkout's decrement waits for it, then finds 0 left.
    const { outcome } = await db().transaction(async (tx) => {
      await tx.select().from(storeProductSpecs).where(eq(storeProductSpecs.id, specId)).for('no key update');
      const outcome = settled(checkout());
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ n: number }>(
                db(),
                sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
              )
            )[0]!.n,
        )
        .toBe(1);
      await takeTheLast(tx);
      return { outcome };
    });
    return outcome;
  }

  it('refuses as sold out a buyer whom only the CHECK finds short, and keeps nothing of the checkout', async () => {
    const { specIds } = await insertKiteShop(db(), [{ label: 'Red', price: '5.00', stock: 1 }]);
    const specId = specIds[0]!;
    const buyer = await insertShopper(db(), '135790');
    await gateCount.set(specId, 1);
    const seqBefore = await lastOrderSeq();
    const outcome = await whileAnotherBuyerTakesTheLast(specId, checkoutOf(suite.deps, buyer, [specId]));
    expect(outcome).toMatchObject({ error: { key: 'store.soldOut', params: { name: 'Kite', left: 0 } } });
    // It got as far as its transaction (it drew an order number): the CHECK, not the read before, refused it.
    expect(await lastOrderSeq()).toBe(seqBefore + 1);
    expect(await specStock(db(), specId)).toBe(0);
    expect(await db().select().from(storeCheckouts).where(eq(storeCheckouts.userId, buyer.userId))).toEqual(
      [],
    );
    expect(await gateCount.get(specId)).toBe(0);
  });

  it('takes back the decrements sent with the short one, and names the spec that was short', async () => {
    const { specIds } = await insertKiteShop(db(), [
      { label: 'Red', price: '5.00', stock: 1 },
      { label: 'Blue', price: '5.00', stock: 1 },
    ]);
    const [red, blue] = specIds as [number, number];
    const buyer = await insertShopper(db(), '135790');
    await gateCount.set(red, 1);
    await gateCount.set(blue, 1);
    const outcome = await whileAnotherBuyerTakesTheLast(blue, checkoutOf(suite.deps, buyer, [red, blue]));
    expect(outcome).toMatchObject({ error: { key: 'store.soldOut', params: { left: 0 } } });
    expect([await specStock(db(), red), await specStock(db(), blue)]).toEqual([1, 0]);
    // Red's unit went back to the gate; blue's count took the database's figure.
    expect([await gateCount.get(red), await gateCount.get(blue)]).toEqual([1, 0]);
  });
});

describe('checkout on PostgreSQL, a hot spec', () => {
  const { suite, gateCount } = checkoutSuite();

  /** Whether another session finds the spec's row locked, right now. */
  const rowLocked = (specId: number) =>
    suite.database.db
      .transaction((tx) =>
        tx.execute(sql`select 1 from store_product_specs where id = ${specId} for no key update nowait`),
      )
      .then(
        () => false,
        (err: Error) => {
          if ((err.cause as { code?: string } | undefined)?.code === '55P03') return true;
          throw err;
        },
      );

  it("is unlocked by the time the checkout reads its decrement's answer", async () => {
    const { specIds } = await insertKiteShop(suite.database.db, [{ label: 'Red', price: '5.00', stock: 5 }]);
    const specId = specIds[0]!;
    const buyer = await insertShopper(suite.database.db, '135790');
    await gateCount.set(specId, 5);
    // When an answer to the decrement reaches the process, another session tries the row.
    const lockedWhenAnswered: boolean[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (typeof args.at(-1) === 'function' || !text?.includes('update "store_product_specs"')) return answer;
      return (answer as Promise<unknown>).then(async (result) => {
        lockedWhenAnswered.push(await rowLocked(specId));
        return result;
      });
    } as never);
    try {
      await checkoutOf(suite.deps, buyer, [specId])();
    } finally {
      spy.mockRestore();
    }
    expect(lockedWhenAnswered).toEqual([false]);
    expect(await specStock(suite.database.db, specId)).toBe(4);
  });
});

describe('payment on PostgreSQL, beside a rush of checkouts', () => {
  const { suite, gateCount } = checkoutSuite();

  it('is answered while checkouts hold every connection of the main pool', async () => {
    const db = suite.database.db;
    const { specIds } = await insertKiteShop(db, [{ label: 'Red', price: '5.00', stock: 5 }]);
    const specId = specIds[0]!;
    const buyer = await insertShopper(db, '135790');
    await gateCount.set(specId, 5);
    const { orders } = await checkoutOf(suite.deps, buyer, [specId])();
    // Transactions that wait for a signal, one per connection: the main pool has none left.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: MAIN_CONNECTIONS }, () => db.transaction(() => released));
    try {
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      await expect.poll(() => pool.totalCount - pool.idleCount).toBe(MAIN_CONNECTIONS);
      const paid = await payOrders(
        { ...suite.deps, paymentDb: suite.database.paymentDb },
        buyer.userId,
        { orderIds: orders.map((o) => o.id), payPassword: '135790' },
        randomUUID(),
      );
      expect(paid).toMatchObject({ amount: '5.00', balance: '95.00', replayed: false });
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
