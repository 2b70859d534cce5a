import { randomUUID } from 'node:crypto';
import { auditLedger, HEALTHY_LEDGER } from '@bourse/core/ledger/audit.ts';
import { journalEntries } from '@bourse/core/ledger/schema.ts';
import { loadConfig } from '@bourse/core/platform';
import { refundTimingsOf } from '@bourse/core/services.ts';
import { createOrders, payOrders } from '@bourse/core/store';
import { storeOrders } from '@bourse/core/store/orderSchema.ts';
import { requestRefund } from '@bourse/core/store/refunds';
import { storeRefunds } from '@bourse/core/store/refunds/schema.ts';
import {
  insertKiteShop,
  insertShopper,
  testCheckoutDeps,
  testRefundDeps,
} from '@bourse/core/store/testing.ts';
import { readWallet } from '@bourse/core/store/wallet.ts';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { storeRefundJobId } from '@bourse/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SHOPS = 30;
const SHOPPERS = 5;
const REFUNDS = SHOPS * SHOPPERS;
const PAY_PASSWORD = '135790';
const WORKER = new URL('./testing/refundWorkerProcess.ts', import.meta.url);

describe('the refund worker killed in the middle of refunds (postgres)', () => {
  let harness: CrashHarness;

  beforeAll(async () => {
    harness = await crashHarness();
  }, 60_000);

  afterAll(() => harness?.cleanup());

  it(
    'approves and executes every unanswered request once after kill -9 and restarts, and the audit holds',
    async () => {
      const { db } = harness.scratch.database;
      const { redis, prefix } = harness;
      const checkout = testCheckoutDeps(db, redis, prefix);
      // The shops never answer: each request is approved by its timer, due at once, then executed.
      const timings = refundTimingsOf({ ...loadConfig({}), storeRefundAnswerMs: 0 });
      const deps = testRefundDeps(db, redis, prefix, timings, 'refund-restart');
      const specs: number[] = [];
      for (let i = 0; i < SHOPS; i++) {
        const { specIds } = await insertKiteShop(db, [{ label: 'Red', price: '10.00', stock: 10 }]);
        specs.push(specIds[0]!);
      }
      // Five shoppers buy one 10.00 kite of each shop in one checkout and ask for each back.
      const shoppers: string[] = [];
      for (let s = 0; s < SHOPPERS; s++) {
        const { userId, addressId } = await insertShopper(db, PAY_PASSWORD, '1000.00');
        shoppers.push(userId);
        const { orders } = await createOrders(
          checkout,
          userId,
          { items: specs.map((specId) => ({ specId, quantity: 1 })), addressId },
          randomUUID(),
          'en',
        );
        const ids = orders.map((o) => o.id);
        await payOrders(checkout, userId, { orderIds: ids, payPassword: PAY_PASSWORD }, randomUUID());
        for (const orderId of ids)
          await requestRefund(
            deps,
            userId,
            {
              orderId,
              type: 'refundOnly',
              productStatus: 'notReceived',
              amount: '10.00',
              reason: 'changedMind',
              explanation: 'Bought one too many.',
            },
            { mimeType: 'image/png', buffer: PNG },
            randomUUID(),
          );
      }
      // Every other request's job is lost (a Redis that forgot it): the sweep must find those.
      const refunds = await db.select({ id: storeRefunds.id }).from(storeRefunds);
      for (const [i, { id }] of refunds.entries())
        if (i % 2 === 1) await (await deps.queue.getJob(storeRefundJobId('requested', id)))?.remove();
      for (const queue of [
        deps.queue,
        deps.fulfilment,
        deps.logistics.queue,
        checkout.expiryQueue,
        checkout.fulfilmentQueue,
      ])
        await queue.close();

      const refunded = async () =>
        (await db.select({ n: count() }).from(storeRefunds).where(eq(storeRefunds.state, 'refunded')))[0]!.n;
      const refundedAtKill = await harness.killTwiceThenFinish({
        worker: WORKER,
        env: { STORE_REFUND_ANSWER_MS: '0' },
        ready: 'started',
        total: REFUNDS,
        done: refunded,
      });
      expect(refundedAtKill).toHaveLength(2);

      // Each refund executed once: one entry each, every shopper back at 1,000.00, the audit whole.
      const entries = await db
        .select({ n: count() })
        .from(journalEntries)
        .where(eq(journalEntries.kind, 'storeRefund'));
      expect(entries[0]!.n).toBe(REFUNDS);
      const rows = await db.select().from(storeRefunds);
      expect(new Set(rows.map((r) => r.entryId)).size).toBe(REFUNDS);
      for (const userId of shoppers)
        expect((await readWallet(db, userId)).available.toFixed(2)).toBe('1000.00');
      const orders = await db.select({ payment: storeOrders.payment }).from(storeOrders);
      expect(orders.every((o) => o.payment === 'refunded')).toBe(true);
      expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
