import { randomUUID } from 'node:crypto';
import { testPayPasswordContext } from '@bourse/core/identity/testing.ts';
import { auditLedger, HEALTHY_LEDGER } from '@bourse/core/ledger/audit.ts';
import { journalEntries, ledgerAccounts, postings } from '@bourse/core/ledger/schema.ts';
import { redisMessagePublisher } from '@bourse/core/messages';
import { type Database, loadConfig } from '@bourse/core/platform';
import { refundTimingsOf } from '@bourse/core/services.ts';
import {
  type CheckoutDeps,
  completeOrder,
  createOrders,
  markDelivered,
  markShipped,
  orderExpiryQueue,
  orderFulfilmentQueue,
  payOrders,
  StockGate,
} from '@bourse/core/store';
import { fundRecords } from '@bourse/core/store/fundRecords.ts';
import { SimulatedCarrier, shipmentQueue } from '@bourse/core/store/logistics';
import { DB_KINDS, openTestDatabase } from '@bourse/core/store/logistics/testing';
import { confirmReceipt } from '@bourse/core/store/orders.ts';
import {
  type PayoutDeps,
  payDuePayouts,
  payOut,
  payoutQueue,
  schedulePayout,
  storePayouts,
} from '@bourse/core/store/payouts';
import { type RefundDeps, refundQueue, requestRefund, runRefundStep } from '@bourse/core/store/refunds';
import { storeProducts, storeShops } from '@bourse/core/store/schema.ts';
import { insertKiteShop, insertShopper } from '@bourse/core/store/testing.ts';
import { readWallet } from '@bourse/core/store/wallet.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { createUser } from '@bourse/core/trading/testing/serviceDeps.ts';
import { redisUserEventPublisher } from '@bourse/core/user-channel/userEventPublisher.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payoutService } from './payoutWorker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PAY_PASSWORD = '135790';
const LATER = () => new Date(Date.now() + 86_400_000);

describe.each(DB_KINDS)('escrow and payouts on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let checkout: CheckoutDeps;
  let refunds: RefundDeps;
  const config = { ...loadConfig({}), storeAutoShipMs: 3_600_000 };
  const payouts = (): PayoutDeps => ({ db: database.db, commissionRate: '0.05' });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const { db } = database;
    checkout = {
      db,
      paymentDb: database.paymentDb,
      stockGate: new StockGate(redis, prefix),
      payPassword: testPayPasswordContext(db, redis, prefix),
      expiryQueue: orderExpiryQueue(redis, prefix),
      orderTtlMs: 60_000,
      fulfilmentQueue: orderFulfilmentQueue(redis, prefix),
      autoShipMs: config.storeAutoShipMs,
    };
    refunds = {
      db,
      queue: refundQueue(redis, prefix),
      fulfilment: checkout.fulfilmentQueue,
      timings: refundTimingsOf(config),
      messages: redisMessagePublisher(redis, prefix),
      events: redisUserEventPublisher(redis, prefix, 'refund'),
      logistics: {
        carrier: new SimulatedCarrier({ seed: 'payouts', timeScale: 1 }),
        queue: shipmentQueue(redis, prefix),
      },
    };
  });
  afterAll(async () => {
    await checkout.expiryQueue.close();
    await checkout.fulfilmentQueue.close();
    await refunds.queue.close();
    await refunds.logistics.queue.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  /** A shop (owned by a new seller unless `platform`) selling one kite at `price`, free freight. */
  async function shop(price: string, { platform = false } = {}) {
    const { db } = database;
    const { shopId, specIds } = await insertKiteShop(db, [{ label: 'Red', price, stock: 50 }]);
    const owner = platform ? null : await createUser(db);
    if (owner) await db.update(storeShops).set({ ownerUserId: owner }).where(eq(storeShops.id, shopId));
    return { owner, shopId, specId: specIds[0]! };
  }

  /** The sales counters the catalogue shows: the shop's units and total, its kite's units. */
  async function counters(shopId: number) {
    const { db } = database;
    const [shopRow] = await db.select().from(storeShops).where(eq(storeShops.id, shopId));
    const [product] = await db.select().from(storeProducts).where(eq(storeProducts.shopId, shopId));
    return { shopSales: shopRow!.sales, totalSales: shopRow!.totalSales, productSales: product!.sales };
  }

  /** A new shopper (1,000.00 USD) buys one of the spec and pays. */
  async function paidOrder(specId: number) {
    const { db } = database;
    const { userId, addressId } = await insertShopper(db, PAY_PASSWORD, '1000.00');
    const { orders } = await createOrders(
      checkout,
      userId,
      { items: [{ specId, quantity: 1 }], addressId },
      randomUUID(),
      'en',
    );
    const orderId = orders[0]!.id;
    await payOrders(checkout, userId, { orderIds: [orderId], payPassword: PAY_PASSWORD }, randomUUID());
    return { userId, orderId };
  }

  /** Shipped (unless it was), delivered, received, and completed at once (an after-sale window of 0): the payout is armed. */
  async function complete(userId: string, orderId: string, { shipped = false } = {}) {
    const { db } = database;
    if (!shipped) await markShipped(db, orderId);
    await markDelivered(db, orderId);
    await confirmReceipt(db, userId, orderId, 0);
    await completeOrder(db, orderId);
  }

  async function refund(userId: string, orderId: string, amount: string) {
    const { refund: asked } = await requestRefund(
      refunds,
      userId,
      {
        orderId,
        type: 'refundOnly',
        productStatus: 'notReceived',
        amount,
        reason: 'changedMind',
        explanation: 'Part of it, please.',
      },
      { mimeType: 'image/png', buffer: PNG },
      randomUUID(),
    );
    // No answer from the shop in time approves it; the next step executes it.
    expect(await runRefundStep(refunds, asked.id, LATER())).toBe('approved');
    expect(await runRefundStep(refunds, asked.id, LATER())).toBe('refunded');
  }

  const houseBalance = async (accountKind: 'storeEscrow' | 'storeCommission' | 'storePlatformSales') => {
    const [row] = await database.db
      .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::numeric(20, 2)::text` })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, accountKind)));
    return row!.total;
  };
  const payoutEntries = async (orderId: string) =>
    database.db
      .select({ entryId: storePayouts.entryId })
      .from(storePayouts)
      .innerJoin(journalEntries, eq(journalEntries.id, storePayouts.entryId))
      .where(eq(storePayouts.orderId, orderId));

  it('holds a paid order in escrow and pays it out once at completion: 95% to the owner, 5% commission', async () => {
    const { db } = database;
    const { owner, specId } = await shop('40.00');
    const escrowBefore = Number(await houseBalance('storeEscrow'));
    const commissionBefore = await houseBalance('storeCommission');
    const { userId, orderId } = await paidOrder(specId);
    expect(Number(await houseBalance('storeEscrow')) - escrowBefore).toBeCloseTo(40, 2);
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
    // Not completed: nothing is armed, nothing is paid.
    expect(await payOut(payouts(), orderId)).toBeNull();

    await complete(userId, orderId);
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
    const paid = await payOut(payouts(), orderId);
    expect(paid).toMatchObject({ ownerUserId: owner, gross: '40.00', commission: '2.00', net: '38.00' });
    // The job again, the sweep, and a late retry: the row under its lock says paid.
    expect(await payOut(payouts(), orderId)).toBeNull();
    await payDuePayouts(payouts(), LATER());
    expect(await payOut(payouts(), orderId, LATER())).toBeNull();
    expect(await payoutEntries(orderId)).toHaveLength(1);
    expect((await readWallet(db, owner!)).available.toFixed(2)).toBe('38.00');
    expect(Number(await houseBalance('storeCommission')) - Number(commissionBefore)).toBeCloseTo(2, 2);
    const { items } = await fundRecords(db, owner!, { limit: 10 });
    expect(items.map((r) => [r.kind, r.amount, r.balance])).toEqual([['payout', '38.00', '38.00']]);
    expect((await fundRecords(db, owner!, { kind: 'payout', limit: 10 })).items).toHaveLength(1);
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
  });

  it('pays a platform shop’s order to the platform’s own account, commission apart', async () => {
    const { db } = database;
    const { specId } = await shop('19.99', { platform: true });
    const before = await houseBalance('storePlatformSales');
    const { userId, orderId } = await paidOrder(specId);
    await complete(userId, orderId);
    // 5% of 19.99 is 0.9995: 1.00 to the cent.
    expect(await payOut(payouts(), orderId)).toMatchObject({
      ownerUserId: null,
      gross: '19.99',
      commission: '1.00',
      net: '18.99',
    });
    expect(Number(await houseBalance('storePlatformSales')) - Number(before)).toBeCloseTo(18.99, 2);
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
  });

  it('refunds out of escrow before the payout, and pays out only what is left', async () => {
    const { db } = database;
    const { owner, shopId, specId } = await shop('40.00');
    const { userId, orderId } = await paidOrder(specId);
    const escrowPaid = Number(await houseBalance('storeEscrow'));
    await markShipped(db, orderId);
    await refund(userId, orderId, '15.00');
    // A sale counts when the order completes, at what its shopper kept paying.
    expect(await counters(shopId)).toEqual({ shopSales: 0, totalSales: '0.00', productSales: 0 });
    expect(Number(await houseBalance('storeEscrow'))).toBeCloseTo(escrowPaid - 15, 2);
    expect((await readWallet(db, userId)).available.toFixed(2)).toBe('975.00');
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);

    await complete(userId, orderId, { shipped: true });
    expect(await payOut(payouts(), orderId)).toMatchObject({
      gross: '25.00',
      commission: '1.25',
      net: '23.75',
    });
    expect((await readWallet(db, owner!)).available.toFixed(2)).toBe('23.75');
    expect(await counters(shopId)).toEqual({ shopSales: 1, totalSales: '25.00', productSales: 1 });
    expect(Number(await houseBalance('storeEscrow'))).toBeCloseTo(escrowPaid - 40, 2);
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
  });

  it('pays an order refunded in whole with no entry', async () => {
    const { db } = database;
    const { owner, specId } = await shop('12.00');
    const { userId, orderId } = await paidOrder(specId);
    await markShipped(db, orderId);
    await refund(userId, orderId, '12.00');
    await complete(userId, orderId, { shipped: true });
    expect(await payOut(payouts(), orderId)).toMatchObject({ gross: '0.00', net: '0.00', entryId: null });
    expect((await readWallet(db, owner!)).available.toFixed(2)).toBe('0.00');
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
  });

  it('the worker pays a queued payout by its job and a lost one by its sweep, each once', async () => {
    const { db } = database;
    const { owner, specId } = await shop('10.00');
    const kept = await paidOrder(specId);
    const lost = await paidOrder(specId);
    await complete(kept.userId, kept.orderId);
    await complete(lost.userId, lost.orderId);
    // The worker is down when they complete; the kept one's job waits in Redis, the lost one has none.
    const queue = payoutQueue(redis, prefix);
    await schedulePayout(queue, kept.orderId, new Date());
    await queue.close();
    const context = { config, database, redisUrl: REDIS_URL, redisPrefix: prefix };
    const worker = await payoutService({ redisPrefix: prefix, sweepEveryMs: 300 }).start(context);
    try {
      await vi.waitFor(
        async () => expect((await readWallet(db, owner!)).available.toFixed(2)).toBe('19.00'),
        { timeout: 20_000, interval: 100 },
      );
      // A few more sweeps pass over the paid rows.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect((await readWallet(db, owner!)).available.toFixed(2)).toBe('19.00');
      for (const { orderId } of [kept, lost]) expect(await payoutEntries(orderId)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
  }, 30_000);
});
