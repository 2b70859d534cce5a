/**
 * The orders bench-orders sends: valid A-share orders built from the feed's latest quote, in a
 * seeded mix of resting limit orders (the matcher fills them when the market trades through),
 * marketable limit orders and market orders (filled against the book at placement). Prices are
 * worked in integer cents: every symbol the benchmark trades is a stock on the 0.01 tick.
 */
import { centsToDecimal, decimalToCents, type FeedQuote, type PlaceOrder } from '@bourse/shared';
import weights from './orderMix.json' with { type: 'json' };

export const ORDER_INTENTS = [
  'restingBuy',
  'marketableBuy',
  'marketBuy',
  'restingSell',
  'marketableSell',
  'marketSell',
] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

/** Weights of each intent (k6/orders.js reads the same file); a trader without shares buys instead. */
export const ORDER_MIX = Object.entries(weights) as [OrderIntent, number][];

/** How far from the touch a resting order sits, in ticks (1 to this). */
const MAX_RESTING_TICKS = 10;
/** How far through the touch a marketable limit order reaches, in ticks (0 to this). */
const MAX_THROUGH_TICKS = 2;
/** Lots of 100 shares per order, 1 to this. */
const MAX_LOTS = 5;
export const LOT = 100;

/** What an order is priced from: the band and the touch, in cents; a side of the book can be empty. */
export interface Touch {
  limitUp: number;
  limitDown: number;
  bid: number | null;
  ask: number | null;
}

/** The touch of a banded quote; null for a quote without a band (a new listing's first days). */
export function touchOf(quote: FeedQuote): Touch | null {
  if (quote.limitUp === null || quote.limitDown === null) return null;
  const bid = quote.bids[0];
  const ask = quote.asks[0];
  return {
    limitUp: decimalToCents(quote.limitUp),
    limitDown: decimalToCents(quote.limitDown),
    bid: bid ? decimalToCents(bid.price) : null,
    ask: ask ? decimalToCents(ask.price) : null,
  };
}

export function isBuy(intent: OrderIntent): boolean {
  return intent.endsWith('Buy');
}

/** An intent drawn by weight. */
export function pickIntent(rand: () => number, mix: typeof ORDER_MIX = ORDER_MIX): OrderIntent {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = rand() * total;
  for (const [intent, weight] of mix) {
    draw -= weight;
    if (draw < 0) return intent;
  }
  return mix[mix.length - 1]![0];
}

const clamp = (cents: number, touch: Touch) => Math.min(touch.limitUp, Math.max(touch.limitDown, cents));
const ticks = (rand: () => number, from: number, to: number) => from + Math.floor(rand() * (to - from + 1));

/**
 * The limit price of an intent, inside the band: a resting buy below the bid, a resting sell
 * above the ask, a marketable order at or through the opposite touch. An empty side (a stock at
 * its limit) prices from the other side, or from the band's edge.
 */
export function limitPriceCents(intent: OrderIntent, touch: Touch, rand: () => number): number {
  switch (intent) {
    case 'restingBuy':
      return clamp((touch.bid ?? touch.ask ?? touch.limitDown) - ticks(rand, 1, MAX_RESTING_TICKS), touch);
    case 'marketableBuy':
      return clamp((touch.ask ?? touch.limitUp) + ticks(rand, 0, MAX_THROUGH_TICKS), touch);
    case 'restingSell':
      return clamp((touch.ask ?? touch.bid ?? touch.limitUp) + ticks(rand, 1, MAX_RESTING_TICKS), touch);
    case 'marketableSell':
      return clamp((touch.bid ?? touch.limitDown) - ticks(rand, 0, MAX_THROUGH_TICKS), touch);
    case 'marketBuy':
    case 'marketSell':
      throw new Error(`${intent} has no limit price`);
  }
}

/** Lots of 100 for an order: 1 to MAX_LOTS, and no more than `maxShares` allows (0 when it allows none). */
export function orderQuantity(rand: () => number, maxShares: number): number {
  const lots = Math.min(MAX_LOTS, Math.floor(maxShares / LOT));
  return lots < 1 ? 0 : ticks(rand, 1, lots) * LOT;
}

/** The request body of an intent on a symbol. */
export function orderBody(
  intent: OrderIntent,
  symbol: string,
  touch: Touch,
  quantity: number,
  rand: () => number,
): PlaceOrder {
  const side = isBuy(intent) ? 'buy' : 'sell';
  if (intent === 'marketBuy' || intent === 'marketSell') return { symbol, side, type: 'market', quantity };
  return {
    symbol,
    side,
    type: 'limit',
    price: centsToDecimal(limitPriceCents(intent, touch, rand)),
    quantity,
  };
}

/** The worst price a buy can pay, in cents: its limit, or the band's top for a market order. */
export function reservePriceCents(order: PlaceOrder, touch: Touch): number {
  return order.price === undefined ? touch.limitUp : decimalToCents(order.price);
}
