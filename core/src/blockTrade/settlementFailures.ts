/**
 * Settlements that failed every attempt. Such an order stays pending with its cash or shares
 * frozen, and its job id stays taken while BullMQ keeps the failed job, so adding the job again
 * would do nothing: the failure is recorded on the order, back office is told (a message to each
 * admin and an error log line), the admin desk lists it, and a retry replaces the failed job by
 * a fresh one at once. Exactly once is still the settlement's own guard (only a pending order
 * settles), whatever the jobs do.
 */
import {
  BLOCK_TRADE_JOBS,
  type BlockOrderView,
  blockTradeJobIds,
  DomainError,
  type FailedSettlementView,
  toMoneyString,
} from '@bourse/shared';
import type { Queue } from 'bullmq';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { notifyAll, type SentMessage } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import { logger } from '../platform/logger.ts';
import { blockOrderView } from './blockOrders.ts';
import { blockOrders } from './schema.ts';
import { SETTLEMENT_JOB_OPTIONS } from './settlementQueue.ts';

/**
 * Marks a pending order's settlement failed and tells every admin, once per failure (a second
 * report of the same failure finds it marked and does nothing). Answers the messages to push.
 */
export async function recordSettlementFailure(
  db: Db,
  orderId: string,
  error: string,
  now = new Date(),
): Promise<SentMessage[]> {
  const sent = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(blockOrders)
      .set({ settleFailedAt: now, settleError: error.slice(0, 500) })
      .where(
        and(
          eq(blockOrders.id, orderId),
          eq(blockOrders.status, 'pending'),
          isNull(blockOrders.settleFailedAt),
        ),
      )
      .returning();
    if (!order) return null;
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const params = {
      symbol: order.symbol,
      name: order.name,
      orderId: order.id,
      side: order.side,
      quantity: String(order.quantity),
      amount: toMoneyString(order.amount),
    };
    return notifyAll(
      tx,
      admins.map((a) => ({ userId: a.id, kind: 'blockTradeSettlementFailed' as const, params })),
    );
  });
  if (sent)
    logger.error(
      { orderId, error, admins: sent.length },
      'block trades: settlement failed every attempt; the order stays frozen until back office retries it',
    );
  return sent ?? [];
}

/** Every pending order whose settlement failed, oldest failure first. */
export async function failedSettlements(db: Db): Promise<FailedSettlementView[]> {
  const rows = await db
    .select()
    .from(blockOrders)
    .where(and(eq(blockOrders.status, 'pending'), isNotNull(blockOrders.settleFailedAt)))
    .orderBy(asc(blockOrders.settleFailedAt), asc(blockOrders.id));
  return rows.map((row) => ({
    ...blockOrderView(row),
    userId: row.userId,
    settleFailedAt: row.settleFailedAt!.toISOString(),
    settleError: row.settleError ?? '',
  }));
}

/**
 * Retries a failed settlement now: under the order's row lock, the failed job is removed, a
 * fresh one added under the same id, and the failure cleared. A job still waiting or running
 * is left alone (409): it may yet settle the order.
 */
export async function retrySettlement(db: Db, queue: Queue, orderId: string): Promise<BlockOrderView> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(blockOrders).where(eq(blockOrders.id, orderId)).for('update');
    if (!order) throw new DomainError('blockTrade.notFound');
    if (order.status !== 'pending') throw new DomainError('blockTrade.notPending');
    if (!order.settleFailedAt) throw new DomainError('blockTrade.settlementNotFailed');
    const jobId = blockTradeJobIds.settle({ orderId });
    const job = await queue.getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    if (state !== 'failed' && state !== 'completed' && state !== 'missing' && state !== 'unknown')
      throw new DomainError('blockTrade.settlementRunning');
    await job?.remove();
    await queue.add(BLOCK_TRADE_JOBS.settle, { orderId }, { ...SETTLEMENT_JOB_OPTIONS, jobId });
    const [cleared] = await tx
      .update(blockOrders)
      .set({ settleFailedAt: null, settleError: null })
      .where(eq(blockOrders.id, orderId))
      .returning();
    logger.info({ orderId }, 'block trades: failed settlement retried by back office');
    return blockOrderView(cleared!);
  });
}
