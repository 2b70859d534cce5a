import { randomUUID } from 'node:crypto';
import { DomainError } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPayPasswordContext } from '../identity/testing.ts';
import { type Database, loadConfig } from '../platform/index.ts';
import { deleteKeys } from '../testing/redis.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { createUser } from '../trading/testing/serviceDeps.ts';
import { orderFulfilmentQueue } from './autoFulfilment.ts';
import { type CheckoutDeps, createOrders } from './checkout.ts';
import { orderExpiryQueue } from './expiryQueue.ts';
import { storeAddresses } from './orderSchema.ts';
import { cancelOrder, expireOrder } from './orders.ts';
import { storeProductSpecs, storeProducts, storeShops } from './schema.ts';
import { StockGate } from './stockGate.ts';
import { inEveryLanguage, SAMPLE_ADDRESS, specStock } from './testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(DB_KINDS)('the flash sale stock gate on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let deps: CheckoutDeps;
  const db = () => database.db;
  const countKey = (specId: number) => `${prefix}store:stock:{gate}:${specId}`;
  const count = async (specId: number) =>
    redis.get(countKey(specId)).then((v) => (v === null ? null : Number(v)));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    deps = {
      db: database.db,
      paymentDb: database.paymentDb,
      // No wait before a marker rebuild (a refusal starts one while the markers are incomplete).
      stockGate: new StockGate(redis, prefix, 0),
      payPassword: testPayPasswordContext(database.db, redis, prefix),
      expiryQueue: orderExpiryQueue(redis, prefix),
      orderTtlMs: 60_000,
      fulfilmentQueue: orderFulfilmentQueue(redis, prefix),
      autoShipMs: loadConfig({}).storeAutoShipMs,
    };
  });
  afterAll(async () => {
    await deps.expiryQueue.close();
    await deps.fulfilmentQueue.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  /** A spec with `stock` units, and `buyers` shoppers, each with an address. */
  async function sale(stock: number, buyers: number) {
    const [shop] = await db()
      .insert(storeShops)
      .values({
        name: inEveryLanguage('Gate shop'),
        searchText: 'gate shop',
        logoHue: 1,
        favourableRate: '99.0',
        totalSales: '0',
        freightFlat: '0.00',
      })
      .returning();
    const [product] = await db()
      .insert(storeProducts)
      .values({
        shopId: shop!.id,
        category: 'phone',
        name: inEveryLanguage('Gate phone'),
        description: inEveryLanguage('On sale'),
        searchText: 'gate phone',
        price: '9.00',
        rating: '5.0',
        imageHue: 1,
      })
      .returning();
    const [spec] = await db()
      .insert(storeProductSpecs)
      .values({
        productId: product!.id,
        kind: 'capacity',
        label: inEveryLanguage('64 GB'),
        price: '9.00',
        stock,
        position: 0,
      })
      .returning();
    const shoppers = await Promise.all(
      Array.from({ length: buyers }, async () => {
        const userId = await createUser(db());
        const [address] = await db()
          .insert(storeAddresses)
          .values({ userId, ...SAMPLE_ADDRESS, isDefault: true })
          .returning();
        return { userId, addressId: address!.id };
      }),
    );
    return { specId: spec!.id, shoppers };
  }

  /** Every shopper checks out one unit at once; answers the orders created and the refusals by key. */
  async function rush(specId: number, shoppers: { userId: string; addressId: string }[]) {
    const outcomes = await Promise.all(
      shoppers.map((s) =>
        createOrders(
          deps,
          s.userId,
          { items: [{ specId, quantity: 1 }], addressId: s.addressId },
          randomUUID(),
          'en',
        ).then(
          (created) => created.orders[0]!.id,
          (err: unknown) => (err instanceof DomainError ? err.key : String(err)),
        ),
      ),
    );
    const orders = outcomes.filter((o) => !o.startsWith('store.'));
    return { orders, refusals: outcomes.filter((o) => o.startsWith('store.')) };
  }

  const stockOf = (specId: number) => specStock(db(), specId);

  /** One shopper's checkout of one unit under one Idempotency-Key, to be made and retried. */
  const buyerOfOneUnit =
    (specId: number, buyer: { userId: string; addressId: string }, key = randomUUID()) =>
    () =>
      createOrders(
        deps,
        buyer.userId,
        { items: [{ specId, quantity: 1 }], addressId: buyer.addressId },
        key,
        'en',
      );

  it('admits exactly the stock among concurrent buyers and refuses the rest as sold out', async () => {
    const { specId, shoppers } = await sale(5, 30);
    const { orders, refusals } = await rush(specId, shoppers);
    expect(orders).toHaveLength(5);
    expect(refusals).toEqual(Array(25).fill('store.soldOut'));
    expect(await stockOf(specId)).toBe(0);
    expect(await count(specId)).toBe(0);
  });

  it('answers a retried checkout with its orders after the sale sold out, and takes no unit for it', async () => {
    const { specId, shoppers } = await sale(1, 2);
    const [buyer, late] = shoppers as [(typeof shoppers)[number], (typeof shoppers)[number]];
    const buy = buyerOfOneUnit(specId, buyer);
    const first = await buy();
    expect((await rush(specId, [late])).refusals).toEqual(['store.soldOut']);
    const retried = await buy();
    expect([retried.replayed, retried.orders[0]!.id]).toEqual([true, first.orders[0]!.id]);
    // The first answer was built from what the checkout wrote; the replay reads it back: the same.
    expect(retried.orders).toEqual(first.orders);
    expect(retried.total).toBe(first.total);
    expect([await stockOf(specId), await count(specId)]).toEqual([0, 0]);
  });

  describe('the checkout key markers, which spare a refusal the replay read', () => {
    const gate = () => new StockGate(redis, prefix, 0);
    const markerKeys = () => redis.keys(`${prefix}store:stock:{gate}:key*`);

    it('tells a refusal whose key never checked out so, once the markers are complete', async () => {
      const { specId, shoppers } = await sale(1, 2);
      await rush(specId, shoppers.slice(0, 1));
      // Another gate's rebuild (started by an earlier refusal) may hold the lease: it finishes the job.
      await gate().prepareKeyMarkers(db());
      await expect.poll(() => gate().keyMarkersComplete()).toBe(true);
      const refused = await gate().admit(db(), [{ specId, quantity: 1 }], {
        userId: shoppers[1]!.userId,
        key: 'k',
      });
      // The product's names come with the count: the refusal reads no database for its message.
      expect(refused).toEqual({
        admitted: false,
        specId,
        left: 0,
        keyMayHaveCheckedOut: false,
        name: inEveryLanguage('Gate phone'),
      });
    });

    it('leaves a rebuild in its grace wait to the next process when this one stops', async () => {
      await redis.del(`${prefix}store:stock:{gate}:keys-complete`);
      const stopping = new StockGate(redis, prefix, 60_000);
      const rebuild = stopping.prepareKeyMarkers(db());
      await expect.poll(() => redis.exists(`${prefix}store:stock:{gate}:keys-complete:rebuilding`)).toBe(1);
      stopping.stop();
      await rebuild;
      expect(await gate().keyMarkersComplete()).toBe(false);
      await redis.del(`${prefix}store:stock:{gate}:keys-complete:rebuilding`);
    });

    it('answers a retry with its orders after the sell-out, with the markers complete or lost', async () => {
      const { specId, shoppers } = await sale(1, 2);
      const buyer = shoppers[0]!;
      const key = randomUUID();
      const buy = buyerOfOneUnit(specId, buyer, key);
      await gate().prepareKeyMarkers(db());
      await expect.poll(() => gate().keyMarkersComplete()).toBe(true);
      const first = await buy();
      expect((await rush(specId, shoppers.slice(1))).refusals).toEqual(['store.soldOut']);
      expect((await buy()).orders[0]!.id).toBe(first.orders[0]!.id);
      // Redis loses every marker and the flag: until the rebuild, refusals read the database.
      await redis.del(...(await markerKeys()));
      expect(await gate().keyMarkersComplete()).toBe(false);
      expect((await buy()).orders[0]!.id).toBe(first.orders[0]!.id);
      // The rebuild marks the key again from the checkout the database has.
      await gate().prepareKeyMarkers(db());
      await expect.poll(() => gate().keyMarkersComplete()).toBe(true);
      const again = await gate().admit(db(), [{ specId, quantity: 1 }], { userId: buyer.userId, key });
      expect(again).toMatchObject({ admitted: false, keyMayHaveCheckedOut: true });
      expect((await buy()).orders[0]!.id).toBe(first.orders[0]!.id);
    });
  });

  it('rebuilds a lost count from the database mid-sale, and neither oversells nor undersells', async () => {
    const { specId, shoppers } = await sale(6, 24);
    const first = await rush(specId, shoppers.slice(0, 2));
    expect(first.orders).toHaveLength(2);
    await redis.del(countKey(specId)); // Redis restarted, or the key expired
    const rest = await rush(specId, shoppers.slice(2));
    expect(rest.orders).toHaveLength(4);
    expect(rest.refusals.every((r) => r === 'store.soldOut')).toBe(true);
    expect(await stockOf(specId)).toBe(0);
    expect(await count(specId)).toBe(0);
    expect(await redis.ttl(countKey(specId))).toBeGreaterThan(0);
  });

  it('gets units back from cancelled and expired orders, whether the count survived or was lost', async () => {
    const { specId, shoppers } = await sale(2, 4);
    const { orders } = await rush(specId, shoppers.slice(0, 2));
    expect(await count(specId)).toBe(0);
    await cancelOrder(db(), deps.stockGate, shoppers[0]!.userId, orders[0]!);
    expect(await count(specId)).toBe(1);
    await redis.del(countKey(specId));
    expect(await expireOrder(db(), deps.stockGate, orders[1]!, new Date(Date.now() + 120_000))).toBe(true);
    expect(await count(specId)).toBeNull(); // not made up: the next checkout reads the database
    const again = await rush(specId, shoppers.slice(2));
    expect(again.orders).toHaveLength(2);
    expect(await stockOf(specId)).toBe(0);
  });

  it('lets the database refuse what a count too high admits, then takes its figure; a failed checkout gives its unit back', async () => {
    const { specId, shoppers } = await sale(1, 3);
    await redis.set(countKey(specId), 5, 'EX', 60); // too high: stock changed in the database by hand
    const { orders, refusals } = await rush(specId, shoppers.slice(0, 2));
    expect([orders.length, refusals]).toEqual([1, ['store.soldOut']]);
    expect(await count(specId)).toBe(0);
    await redis.set(countKey(specId), 1, 'KEEPTTL');
    await db().update(storeProductSpecs).set({ stock: 1 }).where(eq(storeProductSpecs.id, specId));
    const unknownPromo = createOrders(
      deps,
      shoppers[2]!.userId,
      { items: [{ specId, quantity: 1 }], addressId: shoppers[2]!.addressId, promoCode: 'NO-SUCH-CODE' },
      randomUUID(),
      'en',
    );
    await expect(unknownPromo).rejects.toMatchObject({ key: 'promo.unknown' });
    expect(await count(specId)).toBe(1);
  });
});
