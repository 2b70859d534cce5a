import type { FeedQuote, NewMessage } from '@bourse/shared';
import { costOfSale, Dec, fillCash, type OrderTerms } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { addProceeds, type EntryHeader, type Line, post, type UserCash } from '../ledger/ledger.ts';
import { notify, type SentMessage } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import { fills, orders, positionHistory, positions } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;
export type PositionRow = typeof positions.$inferSelect;

/** What a transaction changed for one user, told to them once it commits. */
export interface Outbox {
  userId: string;
  orders: OrderRow[];
  fills: FillRow[];
  /** Positions after the change; a closed one as it was, with quantity 0. */
  positions: PositionRow[];
  cash: UserCash | null;
  tradingDate: string;
  /** Notices stored in the same transaction (one per fill), pushed with the rest. */
  messages: SentMessage[];
}

export function newOutbox(userId: string, tradingDate: string): Outbox {
  return { userId, orders: [], fills: [], positions: [], cash: null, tradingDate, messages: [] };
}

export function termsOf(order: OrderRow): OrderTerms {
  return {
    side: order.side,
    kind: order.kind,
    tradingDate: order.tradingDate,
    reservePrice: new Dec(order.reservePrice),
  };
}

export const isOpen = (order: OrderRow) => order.status === 'pending' || order.status === 'partially_filled';

/** The position with its day figures moved to `tradingDate`: a new day opens with what is held. */
export function onDay(p: PositionRow, tradingDate: string): PositionRow {
  if (p.dayDate === tradingDate) return p;
  return {
    ...p,
    dayDate: tradingDate,
    dayOpenQuantity: p.quantity,
    dayBuyQuantity: 0,
    dayBuyAmount: '0',
    daySellAmount: '0',
    dayFees: '0',
  };
}

/** T+1: shares bought today are not sellable, nor those an open sell order holds. */
export function sellableQuantity(p: PositionRow | undefined, tradingDate: string): number {
  if (!p) return 0;
  const today = onDay(p, tradingDate);
  return today.quantity - today.frozenQuantity - today.dayBuyQuantity;
}

export async function lockPosition(tx: Db, userId: string, symbol: string): Promise<PositionRow | undefined> {
  const [row] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)))
    .for('update');
  return row;
}

export async function savePosition(tx: Db, p: PositionRow): Promise<void> {
  const { userId, symbol, ...values } = p;
  await tx
    .insert(positions)
    .values(p)
    .onConflictDoUpdate({ target: [positions.userId, positions.symbol], set: values });
}

const add = (a: string, b: Dec) => new Dec(a).plus(b).toFixed(2);

/** The position after a fill, in memory: a buy opens or adds to it, a sell takes from it (to quantity 0 when sold out). */
export function positionAfterFill(
  held: PositionRow | undefined,
  order: Pick<OrderRow, 'id' | 'userId' | 'symbol' | 'name' | 'side'>,
  fill: { quantity: number; amount: string },
  fees: Dec,
  tradingDate: string,
): PositionRow {
  const amount = new Dec(fill.amount);
  if (order.side === 'buy') {
    const base: PositionRow = held
      ? onDay(held, tradingDate)
      : {
          userId: order.userId,
          symbol: order.symbol,
          name: order.name,
          quantity: 0,
          frozenQuantity: 0,
          cost: '0',
          realisedPnl: '0',
          buyQuantity: 0,
          buyAmount: '0',
          sellAmount: '0',
          fees: '0',
          dayDate: tradingDate,
          dayOpenQuantity: 0,
          dayBuyQuantity: 0,
          dayBuyAmount: '0',
          daySellAmount: '0',
          dayFees: '0',
          openedAt: new Date(),
        };
    return {
      ...base,
      quantity: base.quantity + fill.quantity,
      cost: add(base.cost, amount.plus(fees)),
      buyQuantity: base.buyQuantity + fill.quantity,
      buyAmount: add(base.buyAmount, amount),
      fees: add(base.fees, fees),
      dayBuyQuantity: base.dayBuyQuantity + fill.quantity,
      dayBuyAmount: add(base.dayBuyAmount, amount),
      dayFees: add(base.dayFees, fees),
    };
  }
  if (!held) throw new Error(`sell fill without a position: order ${order.id}`);
  const base = onDay(held, tradingDate);
  const costOut = costOfSale({ quantity: base.quantity, cost: new Dec(base.cost) }, fill.quantity);
  return {
    ...base,
    quantity: base.quantity - fill.quantity,
    frozenQuantity: base.frozenQuantity - fill.quantity,
    cost: add(base.cost, costOut.negated()),
    realisedPnl: add(base.realisedPnl, amount.minus(fees).minus(costOut)),
    sellAmount: add(base.sellAmount, amount),
    fees: add(base.fees, fees),
    daySellAmount: add(base.daySellAmount, amount),
    dayFees: add(base.dayFees, fees),
  };
}

/** A sold-out position's round trip, as position_history stores it. */
export function historyOf(p: PositionRow, closedTradingDate: string): typeof positionHistory.$inferInsert {
  return {
    userId: p.userId,
    symbol: p.symbol,
    name: p.name,
    buyQuantity: p.buyQuantity,
    buyAmount: p.buyAmount,
    sellAmount: p.sellAmount,
    fees: p.fees,
    realisedPnl: p.realisedPnl,
    openedAt: p.openedAt,
    closedTradingDate,
  };
}

async function updatePosition(
  tx: Db,
  order: OrderRow,
  fill: FillRow,
  fees: Dec,
  tradingDate: string,
): Promise<PositionRow> {
  const held = await lockPosition(tx, order.userId, order.symbol);
  const next = positionAfterFill(held, order, fill, fees, tradingDate);
  if (next.quantity > 0) {
    await savePosition(tx, next);
    return next;
  }
  // Sold out: the round trip goes to history and the holding is gone.
  await tx.insert(positionHistory).values(historyOf(next, tradingDate));
  await tx.delete(positions).where(and(eq(positions.userId, next.userId), eq(positions.symbol, next.symbol)));
  return next;
}

export interface FillRequest {
  price: Dec;
  quantity: number;
  /** With the order, identifies the fill: a repeated source is the same fill and is skipped. */
  source: string;
}

/**
 * The fills an order takes walking the opposite side of the book from the touch, level by
 * level, as far as its reserve price allows; each keyed by the quote and the level.
 */
export function bookFills(order: OrderRow, quote: FeedQuote): FillRequest[] {
  const limit = new Dec(order.reservePrice);
  const levels = order.side === 'buy' ? quote.asks : quote.bids;
  const requests: FillRequest[] = [];
  let remaining = order.quantity - order.filledQuantity;
  for (const [i, level] of levels.entries()) {
    if (remaining === 0) break;
    const price = new Dec(level.price);
    if (order.side === 'buy' ? price.gt(limit) : price.lt(limit)) break;
    if (level.volume > 0) {
      const quantity = Math.min(remaining, level.volume);
      requests.push({ price, quantity, source: `book:${quote.seq}:${i}` });
      remaining -= quantity;
    }
  }
  return requests;
}

/** A fill computed in memory: its row, the lines of its journal entry, and what it adds to the order. */
export interface FillEffects {
  values: typeof fills.$inferInsert & { price: string; quantity: number; amount: string };
  fees: Dec;
  lines: Line[];
  /** Sale proceeds (withdrawable from the next trading day), zero for a buy. */
  proceeds: Dec;
  reserveAfter: Dec;
}

/** The fill's cash: traded amount, commission, stamp duty, transfer fee and the order's frozen cash, balanced. */
export function fillEffects(order: OrderRow, request: FillRequest): FillEffects {
  const remaining = order.quantity - order.filledQuantity;
  if (request.quantity <= 0 || request.quantity > remaining) throw new Error('fill larger than the order');
  const c = fillCash(termsOf(order), { filledAmount: new Dec(order.filledAmount), remaining }, request);
  const frozenChange = c.reserveAfter.minus(order.frozenCash);
  return {
    values: {
      orderId: order.id,
      userId: order.userId,
      symbol: order.symbol,
      side: order.side,
      price: request.price.toFixed(3),
      quantity: request.quantity,
      amount: c.amount.toFixed(2),
      commission: c.fees.commission.toFixed(2),
      stampDuty: c.fees.stampDuty.toFixed(2),
      transferFee: c.fees.transferFee.toFixed(2),
      tradingDate: order.tradingDate,
      source: request.source,
    },
    fees: c.fees.total,
    lines: [
      { account: 'market', amount: order.side === 'buy' ? c.amount : c.amount.negated() },
      { account: 'commission', amount: c.fees.commission },
      { account: 'stampDuty', amount: c.fees.stampDuty },
      { account: 'transferFee', amount: c.fees.transferFee },
      { account: 'frozen', amount: frozenChange },
      { account: 'available', amount: c.cashFlow.minus(frozenChange) },
    ],
    proceeds: order.side === 'sell' ? c.cashFlow : new Dec(0),
    reserveAfter: c.reserveAfter,
  };
}

/** The order after a fill, changed in place. */
export function addFill(order: OrderRow, effects: FillEffects): void {
  const filledQuantity = order.filledQuantity + effects.values.quantity;
  Object.assign(order, {
    filledQuantity,
    filledAmount: add(order.filledAmount, new Dec(effects.values.amount)),
    fees: add(order.fees, effects.fees),
    frozenCash: effects.reserveAfter.toFixed(2),
    status: filledQuantity === order.quantity ? 'filled' : 'partially_filled',
    updatedAt: new Date(),
  } satisfies Partial<OrderRow>);
}

/** The user's notice of a fill. */
export function fillNotice(
  fill: Pick<FillRow, 'userId' | 'symbol' | 'side' | 'price' | 'quantity'>,
  name: string,
): NewMessage {
  return {
    userId: fill.userId,
    kind: 'fill',
    params: {
      symbol: fill.symbol,
      name,
      side: fill.side,
      price: fill.price,
      quantity: String(fill.quantity),
    },
  };
}

/**
 * One fill in the caller's transaction: the fill row, its journal entry (traded amount,
 * commission, stamp duty, transfer fee and the order's frozen cash, in one balanced entry),
 * the position, the order and the user's fill message. `order` and `cash` must be locked; both are updated in place.
 * Answers false when this fill was already made.
 */
export async function applyFill(tx: Db, order: OrderRow, cash: UserCash, request: FillRequest, out: Outbox) {
  const effects = fillEffects(order, request);
  const [fill] = await tx.insert(fills).values(effects.values).onConflictDoNothing().returning();
  if (!fill) return false;
  if (order.side === 'sell') addProceeds(cash, order.tradingDate, effects.proceeds);
  await post(
    tx,
    cash,
    {
      kind: order.side,
      tradingDate: order.tradingDate,
      orderId: order.id,
      fillId: fill.id,
      symbol: order.symbol,
    },
    effects.lines,
  );
  const position = await updatePosition(tx, order, fill, effects.fees, order.tradingDate);
  addFill(order, effects);
  await saveOrder(tx, order);
  const notice = await notify(tx, fillNotice(fill, order.name));
  out.messages.push(notice);
  out.fills.push(fill);
  out.positions.push(position);
  out.cash = cash;
  return true;
}

export async function saveOrder(tx: Db, order: OrderRow): Promise<void> {
  const { filledQuantity, filledAmount, fees, frozenCash, status, cancelReason, updatedAt } = order;
  await tx
    .update(orders)
    .set({ filledQuantity, filledAmount, fees, frozenCash, status, cancelReason, updatedAt })
    .where(eq(orders.id, order.id));
}

/**
 * What ending an open order without filling the rest does, in memory: the entry releasing its
 * frozen cash (null when nothing is frozen) and the order changed in place. The caller
 * un-holds a sell's unfilled shares (`unfilled`, taken before the change).
 */
export function closeEffects(
  order: OrderRow,
  reason: NonNullable<OrderRow['cancelReason']>,
  tradingDate: string,
): { release: { header: EntryHeader; lines: Line[] } | null; unfilled: number } {
  const frozen = new Dec(order.frozenCash);
  const release = frozen.gt(0)
    ? {
        header: { kind: 'release' as const, tradingDate, orderId: order.id, symbol: order.symbol },
        lines: [
          { account: 'frozen' as const, amount: frozen.negated() },
          { account: 'available' as const, amount: frozen },
        ],
      }
    : null;
  const unfilled = order.quantity - order.filledQuantity;
  Object.assign(order, {
    status: 'cancelled',
    cancelReason: reason,
    frozenCash: '0',
    updatedAt: new Date(),
  } satisfies Partial<OrderRow>);
  return { release, unfilled };
}

/**
 * Ends an open order without filling the rest: its frozen cash goes back to available and a
 * sell's shares are no longer held. `order` and `cash` must be locked.
 */
export async function closeOrder(
  tx: Db,
  order: OrderRow,
  cash: UserCash,
  reason: NonNullable<OrderRow['cancelReason']>,
  out: Outbox,
): Promise<void> {
  const { release, unfilled } = closeEffects(order, reason, out.tradingDate);
  if (release) {
    await post(tx, cash, release.header, release.lines);
    out.cash = cash;
  }
  if (order.side === 'sell') {
    const held = await lockPosition(tx, order.userId, order.symbol);
    if (held) {
      const next = { ...held, frozenQuantity: held.frozenQuantity - unfilled };
      await savePosition(tx, next);
      out.positions.push(next);
    }
  }
  await saveOrder(tx, order);
}
