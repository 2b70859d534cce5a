import { createHash } from 'node:crypto';
import {
  type AdminRefundView,
  Dec,
  DomainError,
  type NewMessage,
  OPEN_REFUND_STATES,
  planStoreOrderAction,
  REFUND_REVIEW_TABS,
  type RefundActor,
  type RefundEscalationState,
  type RefundRefusalReason,
  type RefundRequest,
  type RefundReviewTab,
  type RefundState,
  type RefundStep,
  type RefundTerms,
  type RefundView,
  refundReviewOf,
  type StoreAutoStep,
} from '@bourse/shared';
import type { Queue } from 'bullmq';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { notify, type SentMessage } from '../../messages/notify.ts';
import type { MessagePublisher } from '../../messages/publisher.ts';
import type { Db } from '../../platform/database.ts';
import type { SniffedType } from '../../platform/fileType.ts';
import { requestHash, sameRequest } from '../../platform/idempotency.ts';
import { stripImageMetadata } from '../../platform/imageMetadata.ts';
import { logger } from '../../platform/logger.ts';
import type { UserEventPublisher } from '../../user-channel/userEventPublisher.ts';
import { scheduleAutoStep } from '../autoFulfilment.ts';
import type { Carrier } from '../logistics/carrier.ts';
import { enqueueShipmentAdvance } from '../logistics/shipmentQueue.ts';
import { bookReturnParcel, type DeliveredHook } from '../logistics/shipments.ts';
import { storeOrders } from '../orderSchema.ts';
import { lockOrders, type OrderRow, transition } from '../orders.ts';
import { lockWallet, postWallet } from '../wallet.ts';
import { scheduleRefundStep } from './refundQueue.ts';
import { storeRefundEvents, storeRefunds } from './schema.ts';
import { paidOf, refundedSoFar, unrefundedOf } from './unrefunded.ts';

export interface RefundTimings {
  /** The shop's window to answer; no answer approves. */
  answerMs: number;
  /** After the carrier delivers a return, the refund executes this long after unless confirmed first. */
  returnConfirmMs: number;
  /** A received order's completion is re-armed this far off when its case closes (autoFulfilment). */
  afterSaleWindowMs: number;
}

export interface RefundDeps {
  db: Db;
  /** The refunds' timed steps (refundQueue.ts). */
  queue: Queue;
  /** The order's automatic steps, re-armed when a case closes. */
  fulfilment: Queue;
  timings: RefundTimings;
  messages: MessagePublisher;
  events: UserEventPublisher<'refund'>;
  /** The carrier the return travels with, and the shipments' queue. */
  logistics: { carrier: Carrier; queue: Queue };
}

export interface Proof {
  mimeType: SniffedType;
  buffer: Buffer;
}

/** Who answers for the shop: back office now, the seller console later (issue 14 §6), or the timers. */
export type RefundDecider = { actor: 'admin' | 'shop'; userId: string } | { actor: 'system' };

/** A return parcel's key in the shipments table, where an order's parcel has the order's id. */
export const RETURN_PARCEL_PREFIX = 'return:';
export const isReturnParcel = (key: string) => key.startsWith(RETURN_PARCEL_PREFIX);

const { proof: _proof, ...listed } = getTableColumns(storeRefunds);
export type RefundRow = Omit<typeof storeRefunds.$inferSelect, 'proof'>;

export const refundProofUrl = (id: string) => `/api/admin/refunds/${id}/proof`;
/** The same proof for the seller whose shop the refund is asked of (a shop-scoped route). */
export const shopRefundProofUrl = (id: string) => `/api/seller/refunds/${id}/proof`;

export const money = (v: string | Dec) => new Dec(v).toFixed(2);

async function viewsOf(db: Db, rows: RefundRow[]): Promise<RefundView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [events, orders] = await Promise.all([
    db
      .select()
      .from(storeRefundEvents)
      .where(inArray(storeRefundEvents.refundId, ids))
      .orderBy(asc(storeRefundEvents.id)),
    db
      .select({ id: storeOrders.id, number: storeOrders.number })
      .from(storeOrders)
      .where(inArray(storeOrders.id, [...new Set(rows.map((r) => r.orderId))])),
  ]);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    orderNumber: orders.find((o) => o.id === r.orderId)?.number ?? '',
    type: r.type,
    productStatus: r.productStatus,
    amount: money(r.amount),
    reason: r.reason,
    explanation: r.explanation,
    state: r.state,
    review: refundReviewOf(r.state),
    refusalReason: r.refusalReason,
    refusalNote: r.refusalNote,
    returnCarrier: r.returnCarrier,
    returnTrackingNo: r.returnTrackingNo,
    answerBy: r.state === 'requested' && r.dueAt ? r.dueAt.toISOString() : null,
    escalation:
      r.escalation && r.escalationReason && r.escalatedAt
        ? {
            state: r.escalation,
            reason: r.escalationReason,
            at: r.escalatedAt.toISOString(),
            decidedAt: r.escalationDecidedAt?.toISOString() ?? null,
            note: r.escalationNote,
          }
        : null,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
    timeline: events
      .filter((e) => e.refundId === r.id)
      .map((e) => ({ step: e.step, actor: e.actor, at: e.at.toISOString() })),
  }));
}

async function viewOf(db: Db, row: RefundRow): Promise<RefundView> {
  const [view] = await viewsOf(db, [row]);
  return view!;
}

async function openRefundOf(db: Db, orderId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select(listed)
    .from(storeRefunds)
    .where(and(eq(storeRefunds.orderId, orderId), inArray(storeRefunds.state, [...OPEN_REFUND_STATES])));
  return row;
}

/** The refund form's figures for one of the user's orders. */
export async function refundTerms(db: Db, userId: string, orderId: string): Promise<RefundTerms> {
  const [order] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.id, orderId), eq(storeOrders.userId, userId)));
  if (!order) throw new DomainError('storeOrder.notFound');
  const paid = paidOf(order);
  const refunded = await refundedSoFar(db, orderId);
  const open = await openRefundOf(db, orderId);
  const refundable = paid.minus(refunded);
  return {
    orderId,
    orderNumber: order.number,
    paid: money(paid),
    refunded: money(refunded),
    refundable: money(refundable),
    openRefundId: open?.id ?? null,
    canRequest: !open && refundable.gt(0) && planStoreOrderAction(order, 'requestRefund') !== null,
  };
}

export async function record(
  tx: Db,
  refundId: string,
  step: RefundStep,
  actor: RefundActor,
  actorId: string | null,
  at: Date,
) {
  await tx.insert(storeRefundEvents).values({ refundId, step, actor, actorId, at });
}

export function message(row: RefundRow, orderNumber: string, step: RefundStep): NewMessage {
  return {
    userId: row.userId,
    kind: 'refundUpdate',
    params: {
      refundId: row.id,
      orderNumber,
      step,
      amount: money(row.amount),
      ...(step === 'refused' && row.refusalReason ? { reason: row.refusalReason } : {}),
    },
  };
}

/** The order's automatic step that waited while its case was open, re-armed now that it is closed. */
async function rearmOrder(tx: Db, order: OrderRow, timings: RefundTimings, now: Date) {
  if (order.closure !== 'open') return null;
  let step: StoreAutoStep | null = null;
  if (order.fulfilment === 'unfulfilled' && order.payment === 'paid') step = 'ship';
  else if (order.fulfilment === 'delivered') step = 'receive';
  else if (order.fulfilment === 'received') step = 'complete';
  if (!step) return null;
  const due =
    order.nextAutoAt ?? (step === 'complete' ? new Date(now.getTime() + timings.afterSaleWindowMs) : now);
  await tx.update(storeOrders).set({ nextAutoAt: due }).where(eq(storeOrders.id, order.id));
  return { step, orderId: order.id, due };
}

async function replay(db: Db, userId: string, key: string, hash: string) {
  const [row] = await db
    .select(listed)
    .from(storeRefunds)
    .where(and(eq(storeRefunds.userId, userId), eq(storeRefunds.idempotencyKey, key)));
  return sameRequest(row, hash);
}

/** What a committed change sends: the stored message, the live refund, and the jobs to queue. */
export interface Outcome {
  row: RefundRow;
  sent: SentMessage | null;
  refundStepAt?: Date | null;
  orderStep?: { step: StoreAutoStep; orderId: string; due: Date } | null;
  parcel?: { shipmentId: string; delayMs: number };
}

export async function publish(deps: RefundDeps, outcome: Outcome): Promise<RefundView> {
  const view = await viewOf(deps.db, outcome.row);
  if (outcome.sent) deps.messages.publish(outcome.sent);
  deps.events.publish(outcome.row.userId, view);
  if (outcome.refundStepAt) await scheduleRefundStep(deps.queue, outcome.row, outcome.refundStepAt);
  if (outcome.orderStep)
    await scheduleAutoStep(
      deps.fulfilment,
      outcome.orderStep.step,
      outcome.orderStep.orderId,
      outcome.orderStep.due,
    );
  if (outcome.parcel) {
    const { shipmentId, delayMs } = outcome.parcel;
    await enqueueShipmentAdvance(deps.logistics.queue, shipmentId, delayMs).catch((err: Error) =>
      logger.warn({ err: err.message, shipmentId }, 'refunds: return parcel not queued; the sweep will'),
    );
  }
  return view;
}

/**
 * The shopper asks for a refund of a paid order. Under the order's row lock: one open request per
 * order ("You have already submitted a refund request"), the order must take one (paid, open), and
 * the amount must fit what was paid and not yet refunded. The shop's answer is due within
 * `answerMs`; its timer is queued after the commit. The same Idempotency-Key and request answer
 * the first refund again; another request under it is a 409.
 */
export async function requestRefund(
  deps: RefundDeps,
  userId: string,
  request: RefundRequest,
  proof: Proof,
  key: string,
  now = new Date(),
): Promise<{ refund: RefundView; replayed: boolean }> {
  const hash = requestHash(['refund', request, createHash('sha256').update(proof.buffer).digest('hex')]);
  const earlier = await replay(deps.db, userId, key, hash);
  if (earlier) return { refund: await viewOf(deps.db, earlier), replayed: true };
  const stripped = stripImageMetadata(proof.buffer, proof.mimeType);
  if (!stripped) throw new DomainError('refund.proofBadType');
  const done = await deps.db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, [request.orderId], userId);
    if (!order) throw new DomainError('storeOrder.notFound');
    const raced = await replay(tx, userId, key, hash);
    if (raced) return { replayed: raced, outcome: null };
    if (await openRefundOf(tx, order.id)) throw new DomainError('refund.alreadyRequested');
    const refundable = await unrefundedOf(tx, order);
    if (!planStoreOrderAction(order, 'requestRefund') || refundable.lte(0))
      throw new DomainError('refund.notRefundable');
    if (new Dec(request.amount).gt(refundable))
      throw new DomainError('refund.overRefundable', { refundable: money(refundable) });
    await transition(tx, order, 'requestRefund', now);
    const dueAt = new Date(now.getTime() + deps.timings.answerMs);
    const [row] = await tx
      .insert(storeRefunds)
      .values({
        orderId: order.id,
        userId,
        type: request.type,
        productStatus: request.productStatus,
        amount: money(request.amount),
        reason: request.reason,
        explanation: request.explanation,
        proof: stripped,
        proofType: proof.mimeType,
        dueAt,
        idempotencyKey: key,
        requestHash: hash,
        createdAt: now,
      })
      .returning(listed);
    if (!row) throw new Error('refund not stored');
    await record(tx, row.id, 'requested', 'shopper', userId, now);
    const sent = await notify(tx, message(row, order.number, 'requested'));
    return { replayed: null, outcome: { row, sent, refundStepAt: dueAt } satisfies Outcome };
  });
  if (done.replayed) return { refund: await viewOf(deps.db, done.replayed), replayed: true };
  if (!done.outcome) throw new Error('refund not stored');
  return { refund: await publish(deps, done.outcome), replayed: false };
}

/**
 * Runs `fn` on a refund with its owner's wallet, its order and itself locked, in that order (the
 * wallet first, as paying and cancelling do, so none of them deadlock).
 */
export async function withLockedRefund<T>(
  db: Db,
  refundId: string,
  fn: (tx: Db, refund: RefundRow, order: OrderRow) => Promise<T>,
): Promise<T> {
  const [found] = await db
    .select({ userId: storeRefunds.userId, orderId: storeRefunds.orderId })
    .from(storeRefunds)
    .where(eq(storeRefunds.id, refundId));
  if (!found) throw new DomainError('refund.notFound');
  return db.transaction(async (tx) => {
    await lockWallet(tx, found.userId);
    const [order] = await lockOrders(tx, [found.orderId]);
    const [refund] = await tx
      .select(listed)
      .from(storeRefunds)
      .where(eq(storeRefunds.id, refundId))
      .for('update');
    if (!order || !refund) throw new DomainError('refund.notFound');
    return fn(tx, refund, order);
  });
}

const actorId = (who: RefundDecider) => (who.actor === 'system' ? null : who.userId);

export async function update(tx: Db, id: string, changes: Partial<RefundRow>): Promise<RefundRow> {
  const [row] = await tx.update(storeRefunds).set(changes).where(eq(storeRefunds.id, id)).returning(listed);
  if (!row) throw new Error(`refund ${id} vanished`);
  return row;
}

type Decision =
  | { outcome: 'approve' }
  | { outcome: 'refuse'; reason: RefundRefusalReason; note?: string | undefined };

async function decideLocked(
  deps: RefundDeps,
  tx: Db,
  refund: RefundRow,
  order: OrderRow,
  who: RefundDecider,
  decision: Decision,
  now: Date,
): Promise<Outcome> {
  if (refund.state !== 'requested') throw new DomainError('refund.alreadyDecided');
  const decided = { decidedBy: actorId(who), decidedAt: now };
  if (decision.outcome === 'approve') {
    const { order: moved } = await transition(tx, order, 'approveRefund', now);
    // A refund only executes next (its own recorded step); a return waits for the parcel.
    const dueAt = refund.type === 'refundOnly' ? now : null;
    const row = await update(tx, refund.id, { ...decided, state: 'approved', dueAt });
    await record(tx, refund.id, 'approved', who.actor, actorId(who), now);
    const sent = await notify(tx, message(row, moved.number, 'approved'));
    return { row, sent, refundStepAt: dueAt };
  }
  const { order: moved } = await transition(tx, order, 'refuseRefund', now);
  const row = await update(tx, refund.id, {
    ...decided,
    state: 'refused',
    refusalReason: decision.reason,
    refusalNote: decision.note || null,
    dueAt: null,
  });
  await record(tx, refund.id, 'refused', who.actor, actorId(who), now);
  const sent = await notify(tx, message(row, moved.number, 'refused'));
  return { row, sent, orderStep: await rearmOrder(tx, moved, deps.timings, now) };
}

/**
 * Executes an approved refund (sent, after granted): credits the shopper's storefront balance
 * from escrow in one `storeRefund` entry, refunds the order's payment in whole or in
 * part, and closes the case. The refund's state under its row lock makes a retry find it done.
 */
async function executeLocked(
  deps: RefundDeps,
  tx: Db,
  refund: RefundRow,
  order: OrderRow,
  who: RefundDecider,
  now: Date,
): Promise<Outcome> {
  const remaining = await unrefundedOf(tx, order);
  const amount = new Dec(refund.amount);
  const { order: moved } = await transition(
    tx,
    order,
    amount.gte(remaining) ? 'executeRefund' : 'executePartRefund',
    now,
  );
  const wallet = await lockWallet(tx, refund.userId);
  const entryId = await postWallet(tx, wallet, 'storeRefund', 'storeEscrow', 'storeBalance', amount, now);
  const row = await update(tx, refund.id, {
    state: 'refunded',
    source: 'escrow',
    entryId,
    executedAt: now,
    dueAt: null,
  });
  await record(tx, refund.id, 'refunded', who.actor, actorId(who), now);
  const sent = await notify(tx, message(row, moved.number, 'refunded'));
  return { row, sent, orderStep: await rearmOrder(tx, moved, deps.timings, now) };
}

/** The shop's answer (back office for it now; the seller console later): approve, once. */
export async function approveRefund(
  deps: RefundDeps,
  who: RefundDecider,
  refundId: string,
  now = new Date(),
) {
  const outcome = await withLockedRefund(deps.db, refundId, (tx, refund, order) =>
    decideLocked(deps, tx, refund, order, who, { outcome: 'approve' }, now),
  );
  return publish(deps, outcome);
}

/** The shop's answer: refuse with a reason, once; the order's own steps go on. */
export async function refuseRefund(
  deps: RefundDeps,
  who: RefundDecider,
  refundId: string,
  refusal: { reason: RefundRefusalReason; note?: string | undefined },
  now = new Date(),
) {
  const outcome = await withLockedRefund(deps.db, refundId, (tx, refund, order) =>
    decideLocked(deps, tx, refund, order, who, { outcome: 'refuse', ...refusal }, now),
  );
  return publish(deps, outcome);
}

/** The shop confirms a returned parcel arrived (delivered or not yet by the carrier's news): the refund executes. */
export async function confirmReturn(
  deps: RefundDeps,
  who: RefundDecider,
  refundId: string,
  now = new Date(),
) {
  const outcome = await withLockedRefund(deps.db, refundId, async (tx, refund, order) => {
    if (refund.state !== 'returning') throw new DomainError('refund.cannotConfirmReturn');
    await record(tx, refund.id, 'returnConfirmed', who.actor, actorId(who), now);
    return executeLocked(deps, tx, refund, order, who, now);
  });
  return publish(deps, outcome);
}

/**
 * The shopper sends back the goods of an approved return and refund: the carrier's parcel is
 * booked under their tracking number in the same transaction, and travels back by simulation.
 */
export async function shipReturn(
  deps: RefundDeps,
  userId: string,
  input: { id: string; carrier: string; trackingNo: string },
  now = new Date(),
): Promise<RefundView> {
  const outcome = await withLockedRefund(deps.db, input.id, async (tx, refund, order) => {
    if (refund.userId !== userId) throw new DomainError('refund.notFound');
    if (refund.state !== 'approved' || refund.type !== 'returnAndRefund')
      throw new DomainError('refund.cannotShipReturn');
    const { order: moved } = await transition(tx, order, 'returnGoods', now);
    const parcel = await bookReturnParcel(
      { db: tx, carrier: deps.logistics.carrier, now: () => now },
      { parcelKey: `${RETURN_PARCEL_PREFIX}${refund.id}`, userId, trackingNo: input.trackingNo },
    );
    if (!parcel) throw new DomainError('refund.trackingTaken');
    const row = await update(tx, refund.id, {
      state: 'returning',
      returnCarrier: input.carrier,
      returnTrackingNo: input.trackingNo,
      returnShipmentId: parcel.shipmentId,
    });
    await record(tx, refund.id, 'returnShipped', 'shopper', userId, now);
    const sent = await notify(tx, message(row, moved.number, 'returnShipped'));
    return { row, sent, parcel } satisfies Outcome;
  });
  return publish(deps, outcome);
}

/**
 * The logistics hook for return parcels: the carrier delivered one, in the transaction that
 * records it; the refund executes `returnConfirmMs` later unless the shop confirms first.
 * Queued before the commit: if it rolls back, the job finds nothing due and does nothing.
 */
export function returnDeliveredHook(deps: Pick<RefundDeps, 'queue' | 'timings'>): DeliveredHook {
  return async (tx, delivered) => {
    const refundId = delivered.orderId.slice(RETURN_PARCEL_PREFIX.length);
    const dueAt = new Date(delivered.deliveredAt.getTime() + deps.timings.returnConfirmMs);
    const [row] = await tx
      .update(storeRefunds)
      .set({ returnDeliveredAt: delivered.deliveredAt, dueAt })
      .where(and(eq(storeRefunds.id, refundId), eq(storeRefunds.state, 'returning')))
      .returning(listed);
    if (!row) return;
    await tx
      .insert(storeRefundEvents)
      .values({ refundId, step: 'returnDelivered', actor: 'system', at: delivered.deliveredAt })
      .onConflictDoNothing();
    await scheduleRefundStep(deps.queue, row, dueAt);
  };
}

/**
 * A refund's due automatic step, if it is still due: no answer by the deadline approves; an
 * approved refund only executes; a delivered return executes after its window. Safe to repeat
 * and to race with the shop's own action: the locks and the state decide. Answers the step taken.
 */
export async function runRefundStep(
  deps: RefundDeps,
  refundId: string,
  now = new Date(),
): Promise<'approved' | 'refunded' | null> {
  const system: RefundDecider = { actor: 'system' };
  const outcome = await withLockedRefund(deps.db, refundId, async (tx, refund, order) => {
    if (!refund.dueAt || refund.dueAt > now) return null;
    if (refund.state === 'requested')
      return {
        step: 'approved' as const,
        ...(await decideLocked(deps, tx, refund, order, system, { outcome: 'approve' }, now)),
      };
    const ready =
      refund.state === 'approved'
        ? refund.type === 'refundOnly'
        : refund.state === 'returning' && refund.returnDeliveredAt !== null;
    if (ready)
      return { step: 'refunded' as const, ...(await executeLocked(deps, tx, refund, order, system, now)) };
    await update(tx, refund.id, { dueAt: null });
    return null;
  });
  if (!outcome) return null;
  await publish(deps, outcome);
  return outcome.step;
}

/** The sweep behind the delayed jobs: runs every refund step due that a lost job left. */
export async function runDueRefundSteps(deps: RefundDeps, now = new Date(), limit = 500): Promise<number> {
  const due = await deps.db
    .select({ id: storeRefunds.id })
    .from(storeRefunds)
    .where(and(isNotNull(storeRefunds.dueAt), lte(storeRefunds.dueAt, now)))
    .orderBy(storeRefunds.dueAt)
    .limit(limit);
  let ran = 0;
  for (const { id } of due) if (await runRefundStep(deps, id, now)) ran += 1;
  return ran;
}

// ---- reading ------------------------------------------------------------------------------

/** One review tab of the shopper's refunds, newest first. */
export async function refundsOf(
  db: Db,
  userId: string,
  { tab, page, pageSize }: { tab: RefundReviewTab; page: number; pageSize: number },
) {
  const states = REFUND_REVIEW_TABS[tab] as readonly RefundState[];
  const where = and(eq(storeRefunds.userId, userId), inArray(storeRefunds.state, [...states]));
  const [rows, total] = await Promise.all([
    db
      .select(listed)
      .from(storeRefunds)
      .where(where)
      .orderBy(desc(storeRefunds.createdAt), desc(storeRefunds.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(storeRefunds, where),
  ]);
  return { items: await viewsOf(db, rows), page, pageSize, total };
}

export async function refundOfUser(db: Db, userId: string, id: string): Promise<RefundView> {
  const [row] = await db
    .select(listed)
    .from(storeRefunds)
    .where(and(eq(storeRefunds.id, id), eq(storeRefunds.userId, userId)));
  if (!row) throw new DomainError('refund.notFound');
  return viewOf(db, row);
}

const decider = alias(users, 'decider');
const ruler = alias(users, 'ruler');

async function adminViews(
  db: Db,
  where: SQL,
  order: SQL[],
  { limit, offset }: { limit: number; offset: number },
  proofUrl: (id: string) => string = refundProofUrl,
): Promise<AdminRefundView[]> {
  const rows = await db
    .select({
      ...listed,
      account: users.account,
      decidedByAccount: decider.account,
      rulerAccount: ruler.account,
      orderTotal: storeOrders.total,
    })
    .from(storeRefunds)
    .innerJoin(users, eq(users.id, storeRefunds.userId))
    .innerJoin(storeOrders, eq(storeOrders.id, storeRefunds.orderId))
    .leftJoin(decider, eq(decider.id, storeRefunds.decidedBy))
    .leftJoin(ruler, eq(ruler.id, storeRefunds.escalationDecidedBy))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const views = await viewsOf(
    db,
    rows.map(({ account: _a, decidedByAccount: _d, rulerAccount: _r, orderTotal: _t, ...row }) => row),
  );
  return rows.map((r, i) => ({
    ...views[i]!,
    account: r.account,
    orderTotal: money(r.orderTotal),
    proofUrl: proofUrl(r.id),
    decidedBy: r.decidedByAccount,
    escalationDecidedBy: r.rulerAccount,
    sellerShortfall: r.sellerShortfall === null ? null : money(r.sellerShortfall),
  }));
}

/** One state's refunds for back office: the oldest first while they wait, the newest first after. */
/** Refunds asked of one shop: those on its orders. */
const askedOfShop = (db: Db, shopId: number) =>
  inArray(
    storeRefunds.orderId,
    db.select({ id: storeOrders.id }).from(storeOrders).where(eq(storeOrders.shopId, shopId)),
  );

export async function refundsInState(
  db: Db,
  { state, page, pageSize, shopId }: { state: RefundState; page: number; pageSize: number; shopId?: number },
) {
  // A seller's list is its own shop's refunds only (the seller console).
  const ofShop = shopId === undefined ? undefined : askedOfShop(db, shopId);
  const where = and(eq(storeRefunds.state, state), ofShop) as SQL;
  const order =
    state === 'requested'
      ? [asc(storeRefunds.createdAt), asc(storeRefunds.id)]
      : [desc(storeRefunds.createdAt), desc(storeRefunds.id)];
  const [items, total] = await Promise.all([
    adminViews(
      db,
      where,
      order,
      { limit: pageSize, offset: (page - 1) * pageSize },
      shopId === undefined ? refundProofUrl : shopRefundProofUrl,
    ),
    db.$count(storeRefunds, where),
  ]);
  return { items, page, pageSize, total };
}

/** Escalated refunds in one state: the open ones oldest first while they wait, the decided ones newest first. */
export async function escalatedRefunds(
  db: Db,
  { state, page, pageSize }: { state: RefundEscalationState; page: number; pageSize: number },
) {
  const where = eq(storeRefunds.escalation, state);
  const order =
    state === 'open'
      ? [asc(storeRefunds.escalatedAt), asc(storeRefunds.id)]
      : [desc(storeRefunds.escalationDecidedAt), desc(storeRefunds.id)];
  const [items, total] = await Promise.all([
    adminViews(db, where, order, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.$count(storeRefunds, where),
  ]);
  return { items, page, pageSize, total };
}

export async function adminRefund(db: Db, id: string): Promise<AdminRefundView> {
  const [view] = await adminViews(db, eq(storeRefunds.id, id), [], { limit: 1, offset: 0 });
  if (!view) throw new DomainError('refund.notFound');
  return view;
}

export async function refundProof(db: Db, id: string, shopId?: number) {
  const [row] = await db
    .select({ content: storeRefunds.proof, mimeType: storeRefunds.proofType })
    .from(storeRefunds)
    .where(
      and(
        eq(storeRefunds.id, id),
        // A seller's: only a refund asked of its own shop; another shop's is not found.
        shopId === undefined ? undefined : askedOfShop(db, shopId),
      ),
    );
  return row;
}
