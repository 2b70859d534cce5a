import {
  planStoreOrderAction,
  STORE_FULFILMENT_JOBS,
  STORE_QUEUES,
  type StoreAutoStep,
  storeFulfilmentJobId,
} from '@bourse/shared';
import { Queue } from 'bullmq';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../platform/database.ts';
import { logger } from '../platform/logger.ts';
import { bullPrefix } from '../platform/queues.ts';
import { STORE_ORDER_JOB_OPTIONS } from './expiryQueue.ts';
import { type DeliveredHook, type StartShipmentDeps, startShipment } from './logistics/shipments.ts';
import { storeOrders } from './orderSchema.ts';
import { lockOrders, type OrderRow, transition } from './orders.ts';
import { schedulePayout } from './payouts/payoutQueue.ts';

/**
 * Until sellers exist, a paid order moves on by itself: its shop ships it after `shipAfterMs`,
 * the shopper's receipt is confirmed `receiptAfterMs` after delivery, and it completes when the
 * after-sale window closes. The order's `next_auto_at` is the record: a delayed job per step
 * runs it on time, and a sweep runs whatever a lost job left due. Each step locks the order and
 * goes through the state table, so running one twice, or after the shopper acted, changes nothing.
 */
export interface FulfilmentTimings {
  shipAfterMs: number;
  receiptAfterMs: number;
  afterSaleWindowMs: number;
}

export interface FulfilmentDeps {
  db: Db;
  queue: Queue;
  /** The payouts' queue: completing an order queues its payout (payouts/payouts.ts). */
  payouts: Queue;
  timings: FulfilmentTimings;
  /** The carrier side: startShipment runs with the shipping transaction in place of `db`. */
  logistics: Omit<StartShipmentDeps, 'db'>;
}

export function orderFulfilmentQueue(redis: Redis, redisPrefix: string): Queue {
  const queue = new Queue(STORE_QUEUES.orderFulfilment, {
    connection: redis,
    prefix: bullPrefix(redisPrefix),
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'store-order-fulfilment queue error'));
  return queue;
}

/** Queues one order's step at its due time; a failure is logged, not thrown: the sweep runs it. */
export async function scheduleAutoStep(queue: Queue, step: StoreAutoStep, orderId: string, dueAt: Date) {
  try {
    await queue.add(
      STORE_FULFILMENT_JOBS[step],
      { orderId },
      {
        jobId: storeFulfilmentJobId(step, orderId),
        delay: Math.max(0, dueAt.getTime() - Date.now()),
        ...STORE_ORDER_JOB_OPTIONS,
      },
    );
  } catch (err) {
    logger.warn(
      { err: (err as Error).message, orderId, step },
      'store order step not queued; the sweep will',
    );
  }
}

/** The automatic step an order is waiting for, if any. */
function stepOf(order: OrderRow): StoreAutoStep | null {
  if (order.closure !== 'open') return null;
  if (order.fulfilment === 'unfulfilled') return order.payment === 'paid' ? 'ship' : null;
  if (order.fulfilment === 'delivered') return 'receive';
  if (order.fulfilment === 'received') return 'complete';
  return null;
}

const ACTION_OF = { ship: 'ship', receive: 'confirmReceipt', complete: 'complete' } as const;

/** When an order's completion is due once it is received at `at`. */
export const completionDue = (timings: FulfilmentTimings, at: Date) =>
  new Date(at.getTime() + timings.afterSaleWindowMs);

/**
 * Ships a paid order locked by the caller's transaction `tx`: the carrier's shipment and its
 * tracking number are booked in it, and the order moves to shipped. The automatic step and the
 * seller console's "mark shipped" both ship through here.
 */
export async function shipLocked(
  logistics: FulfilmentDeps['logistics'],
  tx: Db,
  order: OrderRow,
  now: Date,
): Promise<void> {
  const { trackingNo } = await startShipment(
    { ...logistics, db: tx, now: () => now },
    { orderId: order.id, userId: order.userId },
  );
  await transition(tx, order, 'ship', now, { trackingNo, nextAutoAt: null });
}

/**
 * Runs an order's due automatic step, if it is still due: ships it (the carrier's shipment and
 * its tracking number in the same transaction), confirms its receipt, or completes it. Answers
 * the step it took, and queues the next one it arms.
 */
export async function runAutoStep(
  deps: FulfilmentDeps,
  orderId: string,
  now = new Date(),
): Promise<StoreAutoStep | null> {
  const done = await deps.db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, [orderId]);
    if (!order?.nextAutoAt || order.nextAutoAt > now) return null;
    const step = stepOf(order);
    if (!step || !planStoreOrderAction(order, ACTION_OF[step])) {
      // Nothing automatic may happen now (an after-sale case is open, say); its owner re-arms it.
      await tx.update(storeOrders).set({ nextAutoAt: null }).where(eq(storeOrders.id, orderId));
      return null;
    }
    if (step === 'ship') {
      await shipLocked(deps.logistics, tx, order, now);
      return { step, next: null };
    }
    if (step === 'receive') {
      const next = completionDue(deps.timings, now);
      await transition(tx, order, 'confirmReceipt', now, { nextAutoAt: next });
      return { step, next };
    }
    // Completing arms the payout (transition); its job is queued after the commit.
    await transition(tx, order, 'complete', now, { nextAutoAt: null });
    return { step, next: null };
  });
  if (done?.next) await scheduleAutoStep(deps.queue, 'complete', orderId, done.next);
  if (done?.step === 'complete') await schedulePayout(deps.payouts, orderId, now);
  return done?.step ?? null;
}

/** The sweep behind the delayed jobs: runs every step due that a lost job left. */
export async function runDueAutoSteps(deps: FulfilmentDeps, now = new Date(), limit = 500): Promise<number> {
  const due = await deps.db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(and(isNotNull(storeOrders.nextAutoAt), lte(storeOrders.nextAutoAt, now)))
    .orderBy(storeOrders.nextAutoAt)
    .limit(limit);
  let ran = 0;
  for (const { id } of due) if (await runAutoStep(deps, id, now)) ran += 1;
  return ran;
}

/**
 * The logistics hook: a delivered parcel marks its order delivered in the transaction that
 * records the delivery, and arms the automatic receipt. A second delivery of one order is refused
 * by the state table, and logistics calls the hook once per shipment.
 */
export function orderDeliveredHook(deps: Pick<FulfilmentDeps, 'queue' | 'timings'>): DeliveredHook {
  return async (tx, delivered) => {
    const [order] = await lockOrders(tx, [delivered.orderId]);
    if (!order) {
      logger.warn({ orderId: delivered.orderId }, 'logistics: delivered parcel of an unknown order');
      return;
    }
    const due = new Date(delivered.deliveredAt.getTime() + deps.timings.receiptAfterMs);
    await transition(tx, order, 'deliver', delivered.deliveredAt, { nextAutoAt: due });
    // Queued before the commit: if it rolls back, the job finds nothing due and does nothing.
    await scheduleAutoStep(deps.queue, 'receive', order.id, due);
  };
}
