/**
 * The benchmark's users: what each one knows of its own buying power and sellable shares, and
 * the order it sends next. Like a trading screen, a trader never asks for more than it has: a
 * buy's reserve (price × quantity plus fees, as the server freezes it) fits the cash it has
 * left, a sell the shares it can sell (bought on an earlier day, not held by an open sell).
 */
import { Dec, type OrderView, orderReserve, type PlaceOrder } from '@bourse/shared';
import {
  isBuy,
  LOT,
  type OrderIntent,
  orderBody,
  orderQuantity,
  pickIntent,
  reservePriceCents,
  type Touch,
} from './orderMix.ts';

export class Trader {
  /** Available cash as far as this trader's own orders tell: a lower bound of the server's figure. */
  cash = new Dec(0);
  /** Shares this trader can still sell, by symbol. */
  readonly sellable = new Map<string, number>();

  constructor(
    readonly token: string,
    readonly userId: string,
  ) {}

  /**
   * The next order: an intent drawn from the mix on a random symbol, or for a sell one the
   * trader holds. A buy it cannot afford becomes a resting sell, a sell without shares a resting
   * buy (the cheapest: below the bid). Null when the trader can afford nothing and holds nothing.
   */
  nextOrder(
    rand: () => number,
    symbols: readonly string[],
    touches: ReadonlyMap<string, Touch>,
    tradingDate: string,
  ): { intent: OrderIntent; body: PlaceOrder } | null {
    const intent = pickIntent(rand);
    const first = isBuy(intent)
      ? (this.buy(intent, rand, symbols, touches, tradingDate) ?? this.sell('restingSell', rand, touches))
      : this.sell(intent, rand, touches);
    return first ?? this.buy('restingBuy', rand, symbols, touches, tradingDate);
  }

  private buy(
    intent: OrderIntent,
    rand: () => number,
    symbols: readonly string[],
    touches: ReadonlyMap<string, Touch>,
    tradingDate: string,
  ) {
    const symbol = symbols[Math.floor(rand() * symbols.length)]!;
    const touch = touches.get(symbol);
    if (!touch) return null;
    let body = orderBody(intent, symbol, touch, orderQuantity(rand, 5 * LOT), rand);
    while (body.quantity >= LOT && buyReserve(body, touch, tradingDate).gt(this.cash))
      body = { ...body, quantity: body.quantity - LOT };
    return body.quantity >= LOT ? { intent, body } : null;
  }

  /**
   * The next order with its cash or shares set aside at once, for orders sent before the earlier
   * ones are answered (the open burst): the whole reserve of a buy, the whole quantity of a sell.
   * Its answer must then not go through `placed`, which would take the same amount again.
   */
  planOrder(
    rand: () => number,
    symbols: readonly string[],
    touches: ReadonlyMap<string, Touch>,
    tradingDate: string,
  ): { intent: OrderIntent; body: PlaceOrder } | null {
    const next = this.nextOrder(rand, symbols, touches, tradingDate);
    if (!next) return null;
    const { body } = next;
    if (body.side === 'sell')
      this.sellable.set(body.symbol, (this.sellable.get(body.symbol) ?? 0) - body.quantity);
    else this.cash = this.cash.minus(buyReserve(body, touches.get(body.symbol)!, tradingDate));
    return next;
  }

  private sell(intent: OrderIntent, rand: () => number, touches: ReadonlyMap<string, Touch>) {
    const held = [...this.sellable].filter(([symbol, shares]) => shares >= LOT && touches.has(symbol));
    if (held.length === 0) return null;
    const [symbol, shares] = held[Math.floor(rand() * held.length)]!;
    return {
      intent,
      body: orderBody(intent, symbol, touches.get(symbol)!, orderQuantity(rand, shares), rand),
    };
  }

  /**
   * What an accepted order did to the trader's own figures at once: a buy took its fills and
   * fees and froze the rest's reserve; a sell brought its fills less fees and took its shares.
   * Later fills by the matcher only return cash that was frozen, so the figure stays a lower bound.
   */
  placed(order: OrderView): void {
    const filled = new Dec(order.filledAmount);
    const fees = new Dec(order.fees);
    const frozen = new Dec(order.frozenCash);
    if (order.side === 'buy') {
      this.cash = this.cash.minus(filled).minus(fees).minus(frozen);
      return;
    }
    this.cash = this.cash.plus(filled).minus(fees).minus(frozen);
    // An open sell holds its unfilled shares; a market sell's unfilled rest was cancelled at once.
    const open = order.status === 'pending' || order.status === 'partially_filled';
    const gone = open ? order.quantity : order.filledQuantity;
    this.sellable.set(order.symbol, (this.sellable.get(order.symbol) ?? 0) - gone);
  }
}

/** What the server freezes for a buy: the amount at its reserve price plus the fees. */
function buyReserve(body: PlaceOrder, touch: Touch, tradingDate: string): Dec {
  return orderReserve(
    {
      side: 'buy',
      kind: 'stock',
      tradingDate,
      reservePrice: new Dec(reservePriceCents(body, touch)).div(100),
    },
    new Dec(0),
    body.quantity,
  );
}
