/** Test helpers of the storefront: names in every language and an address that passes validation. */
import { randomUUID } from 'node:crypto';
import { Dec } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { givePayPassword, testPayPasswordContext } from '../identity/testing.ts';
import { redisMessagePublisher } from '../messages/publisher.ts';
import type { Db } from '../platform/database.ts';
import { createUser } from '../trading/testing/serviceDeps.ts';
import { redisUserEventPublisher } from '../user-channel/userEventPublisher.ts';
import { orderFulfilmentQueue } from './autoFulfilment.ts';
import type { CheckoutDeps } from './checkout.ts';
import { orderExpiryQueue } from './expiryQueue.ts';
import { shipmentQueue } from './logistics/shipmentQueue.ts';
import { SimulatedCarrier } from './logistics/simulatedCarrier.ts';
import { storeAddresses } from './orderSchema.ts';
import { refundQueue } from './refunds/refundQueue.ts';
import type { RefundDeps, RefundTimings } from './refunds/refunds.ts';
import { storeProductSpecs, storeProducts, storeShops } from './schema.ts';
import { inEveryLanguage } from './searchText.ts';
import { StockGate } from './stockGate.ts';
import { openDemoWallet } from './wallet.ts';

export { inEveryLanguage };

/** A delivery address every check accepts. */
export const SAMPLE_ADDRESS = {
  addressee: 'Ada Lovelace',
  mobile: '+44 20 7946 0958',
  country: 'GB',
  region: 'England',
  detail: '12 St James Square, London',
  tag: 'home',
};

/**
 * A shop (rated 99.0% favourable, flat freight) with one kite (rated 4.5) in colours of the
 * given labels, prices and stock; answers their ids.
 */
export async function insertKiteShop(
  db: Db,
  specs: readonly { label: string; price: string; stock: number }[],
  freight: { flat: string; freeOver: string | null } = { flat: '0.00', freeOver: null },
) {
  const [shop] = await db
    .insert(storeShops)
    .values({
      name: inEveryLanguage(`Shop ${randomUUID().slice(0, 6)}`),
      searchText: 'shop',
      logoHue: 10,
      favourableRate: '99.0',
      totalSales: '0',
      freightFlat: freight.flat,
      freightFreeOver: freight.freeOver,
    })
    .returning({ id: storeShops.id });
  const [product] = await db
    .insert(storeProducts)
    .values({
      shopId: shop!.id,
      category: 'toys',
      name: inEveryLanguage('Kite'),
      description: inEveryLanguage('A kite'),
      searchText: 'kite',
      price: specs[0]!.price,
      rating: '4.5',
      imageHue: 20,
    })
    .returning({ id: storeProducts.id });
  const rows = await db
    .insert(storeProductSpecs)
    .values(
      specs.map((s, position) => ({
        productId: product!.id,
        kind: 'colour' as const,
        label: inEveryLanguage(s.label),
        position,
        price: s.price,
        stock: s.stock,
      })),
    )
    .returning({ id: storeProductSpecs.id });
  return { shopId: shop!.id, productId: product!.id, specIds: rows.map((r) => r.id) };
}

/** A spec's stock as the database holds it (the truth behind the stock gate). */
export async function specStock(db: Db, specId: number): Promise<number> {
  const [row] = await db
    .select({ stock: storeProductSpecs.stock })
    .from(storeProductSpecs)
    .where(eq(storeProductSpecs.id, specId));
  if (!row) throw new Error(`no spec ${specId}`);
  return row.stock;
}

/** A shopper with a wallet of `balance` USD, a payment password and a default address; answers their ids. */
export async function insertShopper(db: Db, payPassword: string, balance = '100.00') {
  const userId = await createUser(db);
  await db.transaction((tx) => openDemoWallet(tx, userId, new Dec(balance)));
  await givePayPassword(db, userId, payPassword);
  const [address] = await db
    .insert(storeAddresses)
    .values({ userId, ...SAMPLE_ADDRESS, isDefault: true })
    .returning({ id: storeAddresses.id });
  return { userId, addressId: address!.id };
}

/** Checkout's parts on a test's database and Redis prefix: an order waits `orderTtlMs` to be paid, shops ship after `autoShipMs`. */
export function testCheckoutDeps(
  db: Db,
  redis: Redis,
  prefix: string,
  { orderTtlMs = 600_000, autoShipMs = 3_600_000 } = {},
): CheckoutDeps {
  return {
    db,
    paymentDb: db,
    stockGate: new StockGate(redis, prefix),
    payPassword: testPayPasswordContext(db, redis, prefix),
    expiryQueue: orderExpiryQueue(redis, prefix),
    orderTtlMs,
    fulfilmentQueue: orderFulfilmentQueue(redis, prefix),
    autoShipMs,
  };
}

/** Refunds' parts on a test's database and Redis prefix; the return parcels' carrier is seeded by `seed`. */
export function testRefundDeps(
  db: Db,
  redis: Redis,
  prefix: string,
  timings: RefundTimings,
  seed: string,
): RefundDeps {
  return {
    db,
    queue: refundQueue(redis, prefix),
    fulfilment: orderFulfilmentQueue(redis, prefix),
    timings,
    messages: redisMessagePublisher(redis, prefix),
    events: redisUserEventPublisher(redis, prefix, 'refund'),
    logistics: { carrier: new SimulatedCarrier({ seed, timeScale: 1 }), queue: shipmentQueue(redis, prefix) },
  };
}
