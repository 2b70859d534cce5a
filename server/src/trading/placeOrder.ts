import {
  checkOrderQuantity,
  Dec,
  DomainError,
  type FeedQuote,
  feedShard,
  orderReserve,
  type PlaceOrder,
  toMoneyString,
} from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { requestHash, sameRequest } from '../http/idempotency.ts';
import { lockUserCash, post } from '../ledger/ledger.ts';
import {
  applyFill,
  closeOrder,
  type FillRequest,
  lockPosition,
  newOutbox,
  type OrderRow,
  sellableQuantity,
} from './execution.ts';
import { type CheckedOrder, checkOrder, enforce } from './orderChecks.ts';
import { orders, positions } from './schema.ts';
import type { TradingDeps } from './tradingDeps.ts';

const orderHash = (order: PlaceOrder) =>
  requestHash([order.symbol, order.side, order.type, order.price ?? null, order.quantity]);

/** The order a key already made: the same request gets it back, another request is a conflict. */
async function replay(
  deps: TradingDeps,
  userId: string,
  key: string,
  hash: string,
): Promise<OrderRow | undefined> {
  const [existing] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return sameRequest(existing, hash);
}

/** Walks the opposite side of the book from the touch, as far as the order's price allows. */
async function matchAgainstBook(
  order: OrderRow,
  checked: CheckedOrder,
  quote: FeedQuote,
  fill: (request: FillRequest) => Promise<void>,
): Promise<void> {
  const levels = checked.side === 'buy' ? quote.asks : quote.bids;
  for (const [i, level] of levels.entries()) {
    const remaining = order.quantity - order.filledQuantity;
    if (remaining === 0) break;
    const price = new Dec(level.price);
    const beyond = checked.side === 'buy' ? price.gt(checked.reservePrice) : price.lt(checked.reservePrice);
    if (beyond) break;
    if (level.volume > 0) {
      await fill({ price, quantity: Math.min(remaining, level.volume), source: `book:${quote.seq}:${i}` });
    }
  }
}

/**
 * Places an order in one transaction: the order row (its idempotency key unique per user),
 * the cash frozen for it (or the shares, for a sell), and in continuous trading its fills
 * against the book from the touch. A market order's unfilled rest is cancelled at once (best
 * five levels, immediate or cancel, as SSE and SZSE offer it). Nothing is written when a check
 * fails; the user hears of the changes after commit.
 */
export async function placeOrder(
  deps: TradingDeps,
  userId: string,
  request: PlaceOrder,
  idempotencyKey: string,
): Promise<{ order: OrderRow; replayed: boolean }> {
  const hash = orderHash(request);
  let quote: FeedQuote | undefined;
  let checked: CheckedOrder;
  try {
    const market = await deps.market.forOrder(request.symbol);
    quote = market.quote;
    checked = checkOrder(request, quote, market.status);
  } catch (err) {
    // A key seen before answers its first result, though the market has moved on since (or is unreadable).
    const earlier = await replay(deps, userId, idempotencyKey, hash);
    if (earlier) return { order: earlier, replayed: true };
    throw err;
  }
  // A key seen before whose request passes the checks again meets its order in the insert's conflict.
  const { symbol, side, tradingDate, quantity } = checked;
  const reserve = orderReserve(checked, new Dec(0), quantity);
  const out = newOutbox(userId, tradingDate);
  const placed = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        symbol,
        name: checked.name,
        kind: checked.kind,
        shard: feedShard(symbol),
        side,
        type: checked.type,
        price: checked.price?.toFixed(3),
        reservePrice: checked.reservePrice.toFixed(3),
        quantity,
        frozenCash: reserve.toFixed(2),
        status: 'pending',
        tradingDate,
        idempotencyKey,
        requestHash: hash,
      })
      .onConflictDoNothing()
      .returning();
    // The key made an order before (or a concurrent request with it got there first).
    if (!order) return undefined;
    const cash = await lockUserCash(tx, userId);
    if (side === 'sell') {
      const held = await lockPosition(tx, userId, symbol);
      const sellable = sellableQuantity(held, tradingDate);
      enforce(
        checkOrderQuantity({
          instrument: checked.instrument,
          side,
          type: checked.type,
          quantity,
          tradingDate,
          sellable,
        }),
      );
      // checkOrderQuantity refused a sell of shares the user does not hold.
      const holding = { ...held!, frozenQuantity: held!.frozenQuantity + quantity };
      await tx
        .update(positions)
        .set({ frozenQuantity: holding.frozenQuantity })
        .where(and(eq(positions.userId, userId), eq(positions.symbol, symbol)));
      out.positions.push(holding);
    }
    if (reserve.gt(cash.available.balance)) {
      throw new DomainError('order.insufficientCash', {
        needed: toMoneyString(reserve),
        available: toMoneyString(cash.available.balance),
      });
    }
    if (reserve.gt(0)) {
      await post(tx, cash, { kind: 'freeze', tradingDate, orderId: order.id, symbol }, [
        { account: 'available', amount: reserve.negated() },
        { account: 'frozen', amount: reserve },
      ]);
      out.cash = cash;
    }
    if (checked.matchNow && quote) {
      await matchAgainstBook(order, checked, quote, async (fill) => {
        await applyFill(tx, order, cash, fill, out);
      });
    }
    if (checked.type === 'market' && order.filledQuantity < quantity) {
      await closeOrder(tx, order, cash, 'marketRemainder', out);
    }
    return order;
  });
  if (!placed) {
    const winner = await replay(deps, userId, idempotencyKey, hash);
    if (!winner) throw new Error('idempotency key lost between two reads');
    return { order: winner, replayed: true };
  }
  out.orders.push(placed);
  deps.events.publish(out);
  return { order: placed, replayed: false };
}
