import type { Dec } from '../money.ts';
import type { Side } from '../rules/orders.ts';

/**
 * The uncrossing of a call auction (集合竞价), as SSE and SZSE run it at 9:25 and 15:00: one
 * price for every fill, chosen from the book of limit orders collected during the call.
 */
export interface AuctionOrder {
  id: string;
  side: Side;
  limit: Dec;
  quantity: number;
}

export interface AuctionFill {
  id: string;
  quantity: number;
}

export interface Uncrossing {
  price: Dec;
  /** Shares that change hands: the sum of the buy fills, and of the sell fills. */
  volume: number;
  /** Unmatched shares at the price: buys at or above it less sells at or below it. */
  imbalance: number;
  fills: AuctionFill[];
}

/** Shares that could trade at `price`: buys at or above it, sells at or below it. */
function interestAt(orders: readonly AuctionOrder[], price: Dec): { buys: number; sells: number } {
  let buys = 0;
  let sells = 0;
  for (const o of orders) {
    if (o.side === 'buy' && o.limit.gte(price)) buys += o.quantity;
    if (o.side === 'sell' && o.limit.lte(price)) sells += o.quantity;
  }
  return { buys, sells };
}

/**
 * Fills the book at a given price, in price-time priority: the best limits first (highest buys,
 * lowest sells), then the earlier order (the order's place in `orders`, which is time order).
 * The side with more interest is filled down its queue up to the other side's total.
 */
export function allocateAt(orders: readonly AuctionOrder[], price: Dec): Uncrossing {
  const { buys, sells } = interestAt(orders, price);
  const volume = Math.min(buys, sells);
  const fills: AuctionFill[] = [];
  for (const side of ['buy', 'sell'] as const) {
    const queue = orders
      .map((order, time) => ({ order, time }))
      .filter(
        ({ order }) =>
          order.side === side && (side === 'buy' ? order.limit.gte(price) : order.limit.lte(price)),
      )
      .sort((a, b) => {
        const better =
          side === 'buy' ? b.order.limit.comparedTo(a.order.limit) : a.order.limit.comparedTo(b.order.limit);
        return better !== 0 ? better : a.time - b.time;
      });
    let left = volume;
    for (const { order } of queue) {
      if (left === 0) break;
      const quantity = Math.min(order.quantity, left);
      fills.push({ id: order.id, quantity });
      left -= quantity;
    }
  }
  return { price, volume, imbalance: buys - sells, fills };
}

/**
 * The auction price and its fills, the exchanges' way: the price with the most executable
 * volume; among those, the least unmatched interest left at the price; among those, the one
 * nearest the reference price (the previous close at the open, the last price at the close).
 * Null when nothing can trade. Candidates are the orders' limits and the reference: volume
 * and imbalance only change at a limit, so between two limits the reference is the nearest point.
 */
export function uncross(orders: readonly AuctionOrder[], reference: Dec): Uncrossing | null {
  const candidates = [
    ...new Map([...orders.map((o) => o.limit), reference].map((p) => [p.toString(), p])).values(),
  ];
  let best: { price: Dec; volume: number; imbalance: number } | null = null;
  for (const price of candidates) {
    const { buys, sells } = interestAt(orders, price);
    const volume = Math.min(buys, sells);
    if (volume === 0) continue;
    const imbalance = Math.abs(buys - sells);
    const better =
      !best ||
      volume > best.volume ||
      (volume === best.volume &&
        (imbalance < best.imbalance ||
          (imbalance === best.imbalance && nearer(price, best.price, reference))));
    if (better) best = { price, volume, imbalance };
  }
  return best ? allocateAt(orders, best.price) : null;
}

/** `a` is nearer the reference than `b`; at the same distance, the lower price (a stable choice). */
function nearer(a: Dec, b: Dec, reference: Dec): boolean {
  const [da, db] = [a.minus(reference).abs(), b.minus(reference).abs()];
  return da.lt(db) || (da.eq(db) && a.lt(b));
}
