import {
  applyStoreOrderAction,
  Dec,
  DomainError,
  deriveStoreOrderStatus,
  type Locale,
  STORE_ORDER_TABS,
  type StoreOrder,
  type StoreOrderAction,
  type StoreOrderDetail,
  type StoreOrderMove,
  type StoreOrderPage,
  type StoreOrderStates,
  type StoreOrderTab,
} from '@bourse/shared';
import { and, asc, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Write } from '../platform/database.ts';
import { mainImageUrl } from './catalogue.ts';
import { storeOrderEvents, storeOrderLines, storeOrders } from './orderSchema.ts';
import { armPayout } from './payouts/arm.ts';
import { unrefundedOf } from './refunds/unrefunded.ts';
import { reviewedLines } from './reviews/reviews.ts';
import { type Localised, storeProductSpecs, storeProducts, storeShops } from './schema.ts';
import type { StockGate } from './stockGate.ts';
import { lockWallet, postWallet } from './wallet.ts';

export type OrderRow = typeof storeOrders.$inferSelect;

const statesOf = (o: OrderRow): StoreOrderStates => ({
  payment: o.payment,
  fulfilment: o.fulfilment,
  afterSale: o.afterSale,
  closure: o.closure,
});

/** The timeline rows of `moves` made from `from`. */
const moveRows = (orderId: string, from: StoreOrderStates, moves: StoreOrderMove[], at: Date) =>
  moves.map((m) => ({
    orderId,
    machine: m.machine,
    event: m.event,
    fromState: from[m.machine],
    toState: m.to,
    at,
  }));

/** Inserts the timeline rows of `moves` for an order. */
export async function recordMoves(
  tx: Db,
  orderId: string,
  from: StoreOrderStates,
  moves: StoreOrderMove[],
  at: Date,
) {
  if (moves.length === 0) return;
  await tx.insert(storeOrderEvents).values(moveRows(orderId, from, moves, at));
}

/** Whether a transition completes the order: its payout is armed and its sale counted then. */
const completes = (from: StoreOrderStates, to: StoreOrderStates) =>
  to.closure === 'completed' && from.closure !== 'completed';

/** What a transition writes on the order's row: the four states, the derived status, `extra`. */
const stateUpdate = (
  states: StoreOrderStates,
  now: Date,
  extra: Partial<typeof storeOrders.$inferInsert>,
) => ({ ...states, ...extra, status: deriveStoreOrderStatus(states), updatedAt: now });

/**
 * transition's statements for a caller that sends them with its COMMIT (payOrders): the table
 * decides at once (an illegal action throws its 409). Not for an action that completes the
 * order, whose payout and sale need the written row.
 */
export function transitionWrites(
  tx: Db,
  order: OrderRow,
  action: StoreOrderAction,
  now: Date,
  extra: Partial<typeof storeOrders.$inferInsert> = {},
): Write[] {
  const from = statesOf(order);
  const { states, moves } = applyStoreOrderAction(from, action);
  if (completes(from, states)) throw new Error(`transitionWrites: '${action}' completes the order`);
  const writes: Write[] = [
    tx
      .update(storeOrders)
      .set(stateUpdate(states, now, extra))
      .where(eq(storeOrders.id, order.id)),
  ];
  if (moves.length > 0) writes.push(tx.insert(storeOrderEvents).values(moveRows(order.id, from, moves, now)));
  return writes;
}

/**
 * Applies a shopper's or the system's action to a locked order: the table decides (an illegal
 * one throws its 409 and nothing is written), then the four states, the derived status and
 * the timeline are written together.
 */
export async function transition(
  tx: Db,
  order: OrderRow,
  action: StoreOrderAction,
  now: Date,
  extra: Partial<typeof storeOrders.$inferInsert> = {},
): Promise<{ order: OrderRow; moves: StoreOrderMove[] }> {
  const from = statesOf(order);
  const { states, moves } = applyStoreOrderAction(from, action);
  const [updated] = await tx
    .update(storeOrders)
    .set(stateUpdate(states, now, extra))
    .where(eq(storeOrders.id, order.id))
    .returning();
  await recordMoves(tx, order.id, from, moves, now);
  // Every way an order completes arms its payout and counts its sale in the same transaction.
  if (completes(from, states)) {
    await armPayout(tx, updated!, now);
    await countSale(tx, updated!);
  }
  return { order: updated!, moves };
}

/**
 * A completed order is a sale: its units go on its products' and its shop's sales counters, and
 * what its shopper kept paying (net of refunds) on the shop's total, as the catalogue, the hot
 * lists and the seller console show them. Counted at completion, not payment, so a cancelled or
 * refunded order never counts, and a flash sale's payments take no lock on the shop's row.
 */
async function countSale(tx: Db, order: OrderRow): Promise<void> {
  const lines = await tx
    .select({ productId: storeOrderLines.productId, quantity: storeOrderLines.quantity })
    .from(storeOrderLines)
    .where(eq(storeOrderLines.orderId, order.id))
    .orderBy(storeOrderLines.productId);
  for (const line of lines)
    await tx
      .update(storeProducts)
      .set({ sales: sql`${storeProducts.sales} + ${line.quantity}` })
      .where(eq(storeProducts.id, line.productId));
  const units = lines.reduce((total, line) => total + line.quantity, 0);
  const kept = await unrefundedOf(tx, order);
  await tx
    .update(storeShops)
    .set({
      sales: sql`${storeShops.sales} + ${units}`,
      totalSales: sql`${storeShops.totalSales} + ${kept.toFixed(2)}`,
    })
    .where(eq(storeShops.id, order.shopId));
}

/** The orders, locked in id order; ids that are not the user's are missing, never an error here. */
export async function lockOrders(tx: Db, ids: readonly string[], userId?: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(storeOrders)
    .where(and(inArray(storeOrders.id, [...ids]), userId ? eq(storeOrders.userId, userId) : undefined))
    .orderBy(storeOrders.id)
    .for('update');
}

type ReturnedUnits = { specId: number; quantity: number }[];

/** Puts an order's reserved units back on the shelf (cancel, expiry); answers them for the stock gate after the commit. */
async function returnStock(tx: Db, orderId: string): Promise<ReturnedUnits> {
  const lines = await tx
    .select({ specId: storeOrderLines.specId, quantity: storeOrderLines.quantity })
    .from(storeOrderLines)
    .where(eq(storeOrderLines.orderId, orderId))
    .orderBy(storeOrderLines.specId);
  for (const line of lines)
    await tx
      .update(storeProductSpecs)
      .set({ stock: sql`${storeProductSpecs.stock} + ${line.quantity}` })
      .where(eq(storeProductSpecs.id, line.specId));
  return lines;
}

/** Cancels one of the user's orders before it ships, returns its stock (to the gate after the commit), and refunds it if paid. */
export async function cancelOrder(
  db: Db,
  gate: StockGate,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<void> {
  const returned = await db.transaction(async (tx) => {
    // The wallet first, as paying does, so a payment and a cancel of one order never deadlock.
    const wallet = await lockWallet(tx, userId);
    const [order] = await lockOrders(tx, [orderId], userId);
    if (!order) throw new DomainError('storeOrder.notFound');
    const { moves } = await transition(tx, order, 'cancel', now);
    const units = await returnStock(tx, order.id);
    if (moves.some((m) => m.machine === 'payment' && m.event === 'refund'))
      await postWallet(tx, wallet, 'storeRefund', 'storeEscrow', 'storeBalance', new Dec(order.total), now);
    return units;
  });
  await gate.giveBack(returned);
}

/**
 * Confirms receipt of one of the user's shipped orders and arms its completion for when the
 * after-sale window closes; answers when that is, for the caller to queue its job.
 */
export async function confirmReceipt(
  db: Db,
  userId: string,
  orderId: string,
  afterSaleWindowMs: number,
  now = new Date(),
): Promise<Date> {
  const completeAt = new Date(now.getTime() + afterSaleWindowMs);
  await db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, [orderId], userId);
    if (!order) throw new DomainError('storeOrder.notFound');
    await transition(tx, order, 'confirmReceipt', now, { nextAutoAt: completeAt });
  });
  return completeAt;
}

async function systemAction(db: Db, orderId: string, action: StoreOrderAction, now: Date): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, [orderId]);
    if (!order) throw new DomainError('storeOrder.notFound');
    return (await transition(tx, order, action, now)).order;
  });
}

/** Fulfilment, for the carrier (wired by logistics): the parcel left the shop. 409 unless paid and unshipped. */
export const markShipped = (db: Db, orderId: string, now = new Date()) =>
  systemAction(db, orderId, 'ship', now);
/** Fulfilment, for the carrier: the parcel reached the shopper. 409 unless shipped. */
export const markDelivered = (db: Db, orderId: string, now = new Date()) =>
  systemAction(db, orderId, 'deliver', now);
/** Closes a received order (after review, or when the after-sale window closes: autoFulfilment); its payout is armed, the sweep pays it. */
export const completeOrder = (db: Db, orderId: string, now = new Date()) =>
  systemAction(db, orderId, 'complete', now);

/**
 * Expires one order if it is still unpaid past its deadline, returning its stock (to the gate
 * after the commit). Answers whether it did; an order paid or cancelled meanwhile is left alone,
 * so the delayed job and the sweep may both try.
 */
export async function expireOrder(
  db: Db,
  gate: StockGate,
  orderId: string,
  now = new Date(),
): Promise<boolean> {
  const returned = await db.transaction(async (tx) => {
    const [order] = await lockOrders(tx, [orderId]);
    if (order?.payment !== 'unpaid' || order.closure !== 'open' || order.expiresAt > now) return undefined;
    await transition(tx, order, 'expire', now);
    return returnStock(tx, order.id);
  });
  if (!returned) return false;
  await gate.giveBack(returned);
  return true;
}

/** The sweep behind the delayed jobs: expires every order past its deadline that a lost job left open. */
export async function expireDueOrders(
  db: Db,
  gate: StockGate,
  now = new Date(),
  limit = 500,
): Promise<number> {
  const due = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(
      and(eq(storeOrders.payment, 'unpaid'), eq(storeOrders.closure, 'open'), lt(storeOrders.expiresAt, now)),
    )
    .orderBy(storeOrders.expiresAt)
    .limit(limit);
  let expired = 0;
  for (const { id } of due) if (await expireOrder(db, gate, id, now)) expired += 1;
  return expired;
}

// ---- views --------------------------------------------------------------------------------

/** An order line as the shopper sees it: in their language, with its picture. Checkout shows its lines the same way. */
export const lineView = (
  l: {
    specId: number;
    productId: number;
    name: Localised;
    specLabel: Localised;
    unitPrice: string;
    quantity: number;
    subtotal: string;
    mainPicture: string | null;
  },
  locale: Locale,
) => ({
  specId: l.specId,
  productId: l.productId,
  name: l.name[locale],
  specLabel: l.specLabel[locale],
  imageUrl: mainImageUrl(l.productId, l.mainPicture),
  unitPrice: l.unitPrice,
  quantity: l.quantity,
  subtotal: l.subtotal,
});

async function views(db: Db, rows: OrderRow[], locale: Locale): Promise<StoreOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, shops] = await Promise.all([
    db
      .select({ ...getTableColumns(storeOrderLines), mainPicture: storeProducts.mainPicture })
      .from(storeOrderLines)
      .innerJoin(storeProducts, eq(storeProducts.id, storeOrderLines.productId))
      .where(inArray(storeOrderLines.orderId, ids))
      .orderBy(storeOrderLines.id),
    db
      .select({ id: storeShops.id, name: storeShops.name })
      .from(storeShops)
      .where(inArray(storeShops.id, [...new Set(rows.map((r) => r.shopId))])),
  ]);
  const reviewed = await reviewedLines(
    db,
    lines.map((l) => l.id),
  );
  return toOrderViews(rows, lines, new Map(shops.map((s) => [s.id, s.name])), reviewed, locale);
}

/** Orders as the shopper sees them, from their rows, lines (with pictures), shop names and reviewed line ids. */
export function toOrderViews(
  rows: OrderRow[],
  lines: (typeof storeOrderLines.$inferSelect & { mainPicture: string | null })[],
  shopNames: ReadonlyMap<number, Localised>,
  reviewed: ReadonlySet<number>,
  locale: Locale,
): StoreOrder[] {
  return rows.map((o) => {
    const own = lines.filter((l) => l.orderId === o.id);
    const { tag, ...address } = o.address;
    return {
      id: o.id,
      number: o.number,
      shopId: o.shopId,
      shopName: shopNames.get(o.shopId)?.[locale] ?? '',
      status: o.status,
      payment: o.payment,
      fulfilment: o.fulfilment,
      afterSale: o.afterSale,
      closure: o.closure,
      lines: own.map((l) => ({ ...lineView(l, locale), lineId: l.id, reviewed: reviewed.has(l.id) })),
      quantity: own.reduce((n, l) => n + l.quantity, 0),
      subtotal: o.subtotal,
      freight: o.freight,
      discount: o.discount,
      total: o.total,
      promoCode: o.promoCode,
      trackingNo: o.trackingNo,
      address: { ...address, tag: tag as StoreOrder['address']['tag'] },
      createdAt: o.createdAt.toISOString(),
      expiresAt: o.payment === 'unpaid' && o.closure === 'open' ? o.expiresAt.toISOString() : null,
    };
  });
}

export async function orderViews(db: Db, ids: readonly string[], locale: Locale): Promise<StoreOrder[]> {
  const rows = await db
    .select()
    .from(storeOrders)
    .where(inArray(storeOrders.id, [...ids]))
    .orderBy(storeOrders.seq);
  return views(db, rows, locale);
}

export async function orderDetail(
  db: Db,
  userId: string,
  id: string,
  locale: Locale,
): Promise<StoreOrderDetail> {
  const [row] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.id, id), eq(storeOrders.userId, userId)));
  if (!row) throw new DomainError('storeOrder.notFound');
  const [view] = await views(db, [row], locale);
  const events = await db
    .select()
    .from(storeOrderEvents)
    .where(eq(storeOrderEvents.orderId, id))
    .orderBy(asc(storeOrderEvents.id));
  return {
    ...view!,
    timeline: events.map((e) => ({
      machine: e.machine as StoreOrderDetail['timeline'][number]['machine'],
      event: e.event,
      from: e.fromState as StoreOrderDetail['timeline'][number]['from'],
      to: e.toState as StoreOrderDetail['timeline'][number]['to'],
      at: e.at.toISOString(),
    })),
  };
}

/** One tab of the user's orders, newest first, by cursor (the order's sequence), with every tab's count. */
export async function listOrders(
  db: Db,
  userId: string,
  query: { tab: StoreOrderTab; cursor?: string | undefined; limit: number },
  locale: Locale,
): Promise<StoreOrderPage> {
  const before = query.cursor === undefined ? null : Number(query.cursor);
  if (before !== null && !Number.isSafeInteger(before)) throw new DomainError('store.badCursor');
  const statuses = [...STORE_ORDER_TABS[query.tab]];
  const [rows, byStatus] = await Promise.all([
    db
      .select()
      .from(storeOrders)
      .where(
        and(
          eq(storeOrders.userId, userId),
          query.tab === 'all' ? undefined : inArray(storeOrders.status, statuses),
          before === null ? undefined : lt(storeOrders.seq, before),
        ),
      )
      .orderBy(desc(storeOrders.seq))
      .limit(query.limit + 1),
    db
      .select({ status: storeOrders.status, n: sql<number>`count(*)::int` })
      .from(storeOrders)
      .where(eq(storeOrders.userId, userId))
      .groupBy(storeOrders.status),
  ]);
  const page = rows.slice(0, query.limit);
  const counts = Object.fromEntries(
    Object.entries(STORE_ORDER_TABS).map(([tab, inTab]) => [
      tab,
      byStatus.filter((s) => (inTab as readonly string[]).includes(s.status)).reduce((n, s) => n + s.n, 0),
    ]),
  );
  return {
    items: await views(db, page, locale),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.seq) : null,
    counts,
  };
}
