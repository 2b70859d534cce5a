import { randomUUID } from 'node:crypto';
import { testPayPasswordContext } from '@bourse/core/identity/testing.ts';
import { type Database, loadConfig } from '@bourse/core/platform';
import {
  type CheckoutDeps,
  createOrders,
  orderExpiryQueue,
  orderFulfilmentQueue,
  payOrders,
  runAutoStep,
  runDueAutoSteps,
  StockGate,
} from '@bourse/core/store';
import { SimulatedCarrier, shipmentQueue, storeShipments } from '@bourse/core/store/logistics';
import { DB_KINDS, openTestDatabase } from '@bourse/core/store/logistics/testing';
import { storeOrderEvents, storeOrders } from '@bourse/core/store/orderSchema.ts';
import { cancelOrder } from '@bourse/core/store/orders.ts';
import { payoutQueue } from '@bourse/core/store/payouts';
import { insertKiteShop, insertShopper } from '@bourse/core/store/testing.ts';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { storeFulfilmentJobId } from '@bourse/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeShipmentService } from './logistics/shipmentWorker.ts';
import { deliveredMarksOrder, fulfilmentTimingsOf, orderFulfilmentService } from './orderFulfilmentWorker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PAY_PASSWORD = '135790';
// A journey takes 61–226 carrier hours: at this scale, 0.7–2.7 s.
const TIME_SCALE = 300_000;

/** Every automatic move of a paid order, once each, in order. */
const JOURNEY = [
  'payment:pay',
  'fulfilment:ship',
  'fulfilment:deliver',
  'fulfilment:receive',
  'closure:complete',
];

describe.each(DB_KINDS)('automatic fulfilment of paid store orders on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  const config = {
    ...loadConfig({}),
    // Not yet due when the services start: the kept order ships by its job, the lost one by a later sweep.
    storeAutoShipMs: 1_500,
    storeAutoReceiptMs: 300,
    storeAfterSaleWindowMs: 300,
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  /** A shopper with a 100.00 USD wallet, a payment password and an address, and a product to buy. */
  async function shopperAndProduct() {
    const { db } = database;
    const { userId, addressId } = await insertShopper(db, PAY_PASSWORD);
    const { specIds } = await insertKiteShop(db, [{ label: 'Red', price: '5.00', stock: 10 }], {
      flat: '0.00',
      freeOver: '0.00',
    });
    return { userId, addressId, specId: specIds[0]! };
  }

  it('ships, delivers, confirms receipt and completes each paid order exactly once; a lost job by the sweep; a cancelled one never ships', async () => {
    const { db } = database;
    const carrier = new SimulatedCarrier({ seed: 'fulfilment-test', timeScale: TIME_SCALE });
    const fulfilmentQueue = orderFulfilmentQueue(redis, prefix);
    const expiryQueue = orderExpiryQueue(redis, prefix);
    const deps: CheckoutDeps = {
      db,
      paymentDb: database.paymentDb,
      stockGate: new StockGate(redis, prefix),
      payPassword: testPayPasswordContext(db, redis, prefix),
      expiryQueue,
      orderTtlMs: 60_000,
      fulfilmentQueue,
      autoShipMs: config.storeAutoShipMs,
    };
    const { userId, addressId, specId } = await shopperAndProduct();
    const buy = async () => {
      const { orders } = await createOrders(
        deps,
        userId,
        { items: [{ specId, quantity: 1 }], addressId },
        randomUUID(),
        'en',
      );
      await payOrders(deps, userId, { orderIds: [orders[0]!.id], payPassword: PAY_PASSWORD }, randomUUID());
      return orders[0]!.id;
    };
    const kept = await buy();
    const lost = await buy();
    const cancelled = await buy();
    expect(await fulfilmentQueue.getJob(storeFulfilmentJobId('ship', kept))).toBeDefined();
    await (await fulfilmentQueue.getJob(storeFulfilmentJobId('ship', lost)))!.remove();
    await cancelOrder(db, deps.stockGate, userId, cancelled);
    await fulfilmentQueue.close();
    await expiryQueue.close();

    const context = { config, database, redisUrl: REDIS_URL, redisPrefix: prefix };
    const shipping = await storeShipmentService({
      redisPrefix: prefix,
      carrier,
      sweepEveryMs: 300,
      onDeliveredOf: deliveredMarksOrder,
    }).start(context);
    const fulfilling = await orderFulfilmentService({
      redisPrefix: prefix,
      carrier,
      sweepEveryMs: 300,
    }).start(context);
    const late = {
      db,
      queue: orderFulfilmentQueue(redis, prefix),
      payouts: payoutQueue(redis, prefix),
      timings: fulfilmentTimingsOf(config),
      logistics: { carrier, queue: shipmentQueue(redis, prefix) },
    };
    try {
      const ids = [kept, lost];
      await vi.waitFor(
        async () => {
          const rows = await db.select().from(storeOrders).where(inArray(storeOrders.id, ids));
          expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'completed'));
        },
        { timeout: 30_000, interval: 50 },
      );
      // A few more sweeps pass over the finished and the cancelled orders.
      await new Promise((resolve) => setTimeout(resolve, 700));

      const orders = await db
        .select()
        .from(storeOrders)
        .where(inArray(storeOrders.id, [...ids, cancelled]));
      const shipments = await db
        .select()
        .from(storeShipments)
        .where(inArray(storeShipments.storeOrderId, [...ids, cancelled]));
      for (const id of ids) {
        const order = orders.find((o) => o.id === id)!;
        const events = await db
          .select()
          .from(storeOrderEvents)
          .where(eq(storeOrderEvents.orderId, id))
          .orderBy(asc(storeOrderEvents.id));
        expect(events.map((e) => `${e.machine}:${e.event}`)).toEqual(['payment:place', ...JOURNEY]);
        const own = shipments.filter((s) => s.storeOrderId === id);
        expect(own).toHaveLength(1);
        expect(own[0]!.status).toBe('delivered');
        expect(order.trackingNo).toBe(own[0]!.trackingNo);
        expect([order.payment, order.fulfilment, order.closure, order.nextAutoAt]).toEqual([
          'paid',
          'received',
          'completed',
          null,
        ]);
        // A job or sweep arriving late, however late, finds nothing left to do.
        expect(await runAutoStep(late, id, new Date(Date.now() + 86_400_000))).toBeNull();
      }
      const gone = orders.find((o) => o.id === cancelled)!;
      expect([gone.status, gone.payment, gone.fulfilment, gone.trackingNo]).toEqual([
        'cancelled',
        'refunded',
        'unfulfilled',
        null,
      ]);
      expect(shipments.filter((s) => s.storeOrderId === cancelled)).toEqual([]);
      expect(await runDueAutoSteps(late, new Date(Date.now() + 86_400_000))).toBe(0);
    } finally {
      await late.queue.close();
      await late.payouts.close();
      await late.logistics.queue.close();
      await fulfilling.stop();
      await shipping.stop();
    }
  }, 60_000);
});
