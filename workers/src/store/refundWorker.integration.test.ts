import { randomUUID } from 'node:crypto';
import { journalEntries } from '@bourse/core/ledger/schema.ts';
import { type Database, loadConfig } from '@bourse/core/platform';
import { refundTimingsOf } from '@bourse/core/services.ts';
import { createOrders, payOrders } from '@bourse/core/store';
import { DB_KINDS, openTestDatabase } from '@bourse/core/store/logistics/testing';
import { storeOrders } from '@bourse/core/store/orderSchema.ts';
import { requestRefund, runRefundStep } from '@bourse/core/store/refunds';
import { storeRefunds } from '@bourse/core/store/refunds/schema.ts';
import {
  insertKiteShop,
  insertShopper,
  testCheckoutDeps,
  testRefundDeps,
} from '@bourse/core/store/testing.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { storeRefundJobId } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refundService } from './refundWorker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PAY_PASSWORD = '135790';

describe.each(DB_KINDS)('refund timers across a stopped and restarted worker on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  // The shop has 1.5 s to answer; shipping waits out the test.
  const config = { ...loadConfig({}), storeRefundAnswerMs: 1_500, storeAutoShipMs: 3_600_000 };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  it('approves an unanswered request and executes it once: the lost job by the restarted worker’s sweep', async () => {
    const { db } = database;
    const { userId, addressId } = await insertShopper(db, PAY_PASSWORD);
    const { specIds } = await insertKiteShop(db, [{ label: 'Red', price: '5.00', stock: 10 }]);
    const checkout = testCheckoutDeps(db, redis, prefix, {
      orderTtlMs: 60_000,
      autoShipMs: config.storeAutoShipMs,
    });
    const orderIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { orders } = await createOrders(
        checkout,
        userId,
        { items: [{ specId: specIds[0]!, quantity: 1 }], addressId },
        randomUUID(),
        'en',
      );
      await payOrders(
        checkout,
        userId,
        { orderIds: [orders[0]!.id], payPassword: PAY_PASSWORD },
        randomUUID(),
      );
      orderIds.push(orders[0]!.id);
    }
    const deps = testRefundDeps(db, redis, prefix, refundTimingsOf(config), 'refund-worker');
    const ask = async (orderId: string) =>
      (
        await requestRefund(
          deps,
          userId,
          {
            orderId,
            type: 'refundOnly',
            productStatus: 'notReceived',
            amount: '5.00',
            reason: 'changedMind',
            explanation: 'Ordered twice.',
          },
          { mimeType: 'image/png', buffer: PNG },
          randomUUID(),
        )
      ).refund.id;
    const kept = await ask(orderIds[0]!);
    const lost = await ask(orderIds[1]!);
    // One request's job is lost (a Redis that forgot it); the worker is stopped before either is due.
    await (await deps.queue.getJob(storeRefundJobId('requested', lost)))!.remove();
    const context = { config, database, redisUrl: REDIS_URL, redisPrefix: prefix };
    const first = await refundService({ redisPrefix: prefix, sweepEveryMs: 60_000 }).start(context);
    await first.stop();
    await new Promise((resolve) => setTimeout(resolve, config.storeRefundAnswerMs + 200));

    // Restarted after both were due: the kept job runs, the start sweep runs the lost one.
    const second = await refundService({ redisPrefix: prefix, sweepEveryMs: 300 }).start(context);
    try {
      await vi.waitFor(
        async () => {
          const rows = await db.select().from(storeRefunds).where(eq(storeRefunds.userId, userId));
          expect(rows.map((r) => r.state)).toEqual(['refunded', 'refunded']);
        },
        { timeout: 20_000, interval: 100 },
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      for (const id of [kept, lost])
        expect(await runRefundStep(deps, id, new Date(Date.now() + 86_400_000))).toBeNull();
      const entries = await db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'storeRefund')));
      expect(entries).toHaveLength(2);
      const rows = await db.select().from(storeRefunds).where(eq(storeRefunds.userId, userId));
      expect(rows.every((r) => r.decidedBy === null && r.dueAt === null)).toBe(true);
      const orders = await db.select().from(storeOrders).where(eq(storeOrders.userId, userId));
      expect(orders.map((o) => [o.payment, o.afterSale, o.closure])).toEqual([
        ['refunded', 'refunded', 'cancelled'],
        ['refunded', 'refunded', 'cancelled'],
      ]);
    } finally {
      await second.stop();
      await deps.queue.close();
      await deps.logistics.queue.close();
      await deps.fulfilment.close();
      await checkout.fulfilmentQueue.close();
      await checkout.expiryQueue.close();
    }
  }, 60_000);
});
