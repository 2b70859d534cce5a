import { type BlockOrderView, Dec, DomainError, toMoneyString } from '@bourse/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Line, lockUserCash, post, type UserCash } from '../ledger/ledger.ts';
import { marketAtText, marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { newOutbox, type Outbox } from '../trading/execution.ts';
import { pageOf } from '../trading/paging.ts';
import { positions } from '../trading/schema.ts';
import type { BlockTradeDeps } from './blockTradeDeps.ts';
import { blockOrders } from './schema.ts';

export type BlockOrderRow = typeof blockOrders.$inferSelect;

/** A price as the exchanges quote it: two decimals for stocks, three for funds. */
export const priceText = (row: Pick<BlockOrderRow, 'price' | 'instrumentKind'>) =>
  new Dec(row.price).toFixed(row.instrumentKind === 'fund' ? 3 : 2);

export function blockOrderView(row: BlockOrderRow): BlockOrderView {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    side: row.side,
    kind: row.kind,
    price: priceText(row),
    quantity: row.quantity,
    amount: toMoneyString(row.amount),
    fees: toMoneyString(row.fees),
    frozenCash: toMoneyString(row.frozenCash),
    status: row.status,
    refusalReason: row.refusalReason,
    tradingDate: row.tradingDate,
    createdAt: row.createdAt.toISOString(),
    marketAt: marketAtText(row),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** The user's pending block order, locked for the transaction; 404 for another's, 409 once closed. */
export async function lockPendingOrder(tx: Db, userId: string, orderId: string): Promise<BlockOrderRow> {
  const [row] = await tx
    .select()
    .from(blockOrders)
    .where(and(eq(blockOrders.id, orderId), eq(blockOrders.userId, userId)))
    .for('update');
  if (!row) throw new DomainError('blockTrade.notFound');
  if (row.status !== 'pending') throw new DomainError('blockTrade.notPending');
  return row;
}

/**
 * Gives back what a pending order holds: a buy's frozen cash (one release entry, answered) or a
 * sell's shares. The caller closes the order row in the same transaction.
 */
export async function releaseHeld(
  tx: Db,
  order: BlockOrderRow,
  out: Outbox,
): Promise<{ entryId: string | null; cash: UserCash | null }> {
  if (order.side === 'sell') {
    const [held] = await tx
      .update(positions)
      .set({ frozenQuantity: sql`${positions.frozenQuantity} - ${order.quantity}` })
      .where(and(eq(positions.userId, order.userId), eq(positions.symbol, order.symbol)))
      .returning();
    if (!held) throw new Error(`block order ${order.id} holds shares of no position`);
    out.positions.push(held);
    return { entryId: null, cash: null };
  }
  const cash = await lockUserCash(tx, order.userId);
  const frozen = new Dec(order.frozenCash);
  const lines: Line[] = [
    { account: 'frozen', amount: frozen.negated() },
    { account: 'available', amount: frozen },
  ];
  const entryId = await post(
    tx,
    cash,
    { kind: 'release', tradingDate: order.tradingDate, orderId: order.id, symbol: order.symbol },
    lines,
  );
  out.cash = cash;
  return { entryId, cash };
}

/** Cancels the user's pending block order: its cash or shares are free again at once. */
export async function cancelBlockOrder(
  deps: Pick<BlockTradeDeps, 'db' | 'events' | 'market'>,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<BlockOrderRow> {
  const marketAt = marketTimeOf(await deps.market.status(), now.getTime());
  const { order, out } = await deps.db.transaction(async (tx) => {
    await stampMarketTime(tx, marketAt);
    const pending = await lockPendingOrder(tx, userId, orderId);
    const out = newOutbox(userId, pending.tradingDate);
    const { entryId } = await releaseHeld(tx, pending, out);
    const [order] = await tx
      .update(blockOrders)
      .set({ status: 'cancelled', frozenCash: '0', closeEntryId: entryId, closedAt: now })
      .where(eq(blockOrders.id, pending.id))
      .returning();
    return { order: order!, out };
  });
  deps.events.publish(out);
  return order;
}

/** A page of the user's block orders, newest first. */
export function listBlockOrders(
  db: Db,
  userId: string,
  query: { status?: BlockOrderRow['status']; page: number; pageSize: number },
) {
  const where = and(
    eq(blockOrders.userId, userId),
    query.status ? eq(blockOrders.status, query.status) : undefined,
  );
  return pageOf(
    db,
    blockOrders,
    where,
    [desc(blockOrders.createdAt), desc(blockOrders.id)],
    query,
    blockOrderView,
  );
}
