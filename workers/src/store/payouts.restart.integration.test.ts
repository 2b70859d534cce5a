import { randomUUID } from 'node:crypto';
import { auditLedger, HEALTHY_LEDGER } from '@bourse/core/ledger/audit.ts';
import { completeOrder, createOrders, markDelivered, markShipped, payOrders } from '@bourse/core/store';
import { confirmReceipt } from '@bourse/core/store/orders.ts';
import { payoutQueue, schedulePayout, storePayouts } from '@bourse/core/store/payouts';
import { storeShops } from '@bourse/core/store/schema.ts';
import { insertKiteShop, insertShopper, testCheckoutDeps } from '@bourse/core/store/testing.ts';
import { readWallet } from '@bourse/core/store/wallet.ts';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { createUser } from '@bourse/core/trading/testing/serviceDeps.ts';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SHOPS = 30;
const SHOPPERS = 5;
const PAYOUTS = SHOPS * SHOPPERS;
const PAY_PASSWORD = '135790';
const WORKER = new URL('./testing/payoutWorkerProcess.ts', import.meta.url);

describe('the payout worker killed in the middle of payouts (postgres)', () => {
  let harness: CrashHarness;

  beforeAll(async () => {
    harness = await crashHarness();
  }, 60_000);

  afterAll(() => harness?.cleanup());

  it(
    'pays every completed order once after kill -9 and restarts, and the audit holds',
    async () => {
      const { db } = harness.scratch.database;
      const { redis, prefix } = harness;
      const checkout = testCheckoutDeps(db, redis, prefix);
      // Thirty shops, each its own seller, selling a 10.00 kite; five shoppers buy one of each in one checkout.
      const specs: number[] = [];
      const owners: string[] = [];
      for (let i = 0; i < SHOPS; i++) {
        const { shopId, specIds } = await insertKiteShop(db, [{ label: 'Red', price: '10.00', stock: 10 }]);
        const owner = await createUser(db);
        await db.update(storeShops).set({ ownerUserId: owner }).where(eq(storeShops.id, shopId));
        specs.push(specIds[0]!);
        owners.push(owner);
      }
      const queue = payoutQueue(redis, prefix);
      for (let s = 0; s < SHOPPERS; s++) {
        const { userId, addressId } = await insertShopper(db, PAY_PASSWORD, '1000.00');
        const { orders } = await createOrders(
          checkout,
          userId,
          { items: specs.map((specId) => ({ specId, quantity: 1 })), addressId },
          randomUUID(),
          'en',
        );
        const ids = orders.map((o) => o.id);
        await payOrders(checkout, userId, { orderIds: ids, payPassword: PAY_PASSWORD }, randomUUID());
        for (const id of ids) {
          await markShipped(db, id);
          await markDelivered(db, id);
          await confirmReceipt(db, userId, id, 0);
          await completeOrder(db, id);
          // Every other payout has its job; the rest wait for the sweep.
          if (ids.indexOf(id) % 2 === 0) await schedulePayout(queue, id, new Date());
        }
      }
      await queue.close();
      await checkout.expiryQueue.close();
      await checkout.fulfilmentQueue.close();

      const paidCount = async () =>
        (await db.select({ n: count() }).from(storePayouts).where(isNotNull(storePayouts.paidAt)))[0]!.n;
      const paidAtKill = await harness.killTwiceThenFinish({
        worker: WORKER,
        env: {},
        ready: 'started',
        total: PAYOUTS,
        done: paidCount,
      });
      expect(paidAtKill).toHaveLength(2);

      expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
      // Each seller was paid each of their five orders once: 5 × 9.50.
      for (const owner of owners) expect((await readWallet(db, owner)).available.toFixed(2)).toBe('47.50');
      const rows = await db.select().from(storePayouts);
      expect(rows.filter((r) => r.entryId !== null)).toHaveLength(PAYOUTS);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
