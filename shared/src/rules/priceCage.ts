import { Dec } from '../money.ts';
import type { Board, Instrument } from './instruments.ts';
import type { RuleCheck, Side } from './orders.ts';
import { tickSize } from './prices.ts';
import { inForce, type Versioned } from './versioned.ts';

/**
 * The price cage (有效申报价格范围) of continuous trading: a limit buy may not be priced above the
 * buy reference by more than `rate` (or `ticks` ticks, whichever is more), nor a sell below the
 * sell reference by more. Null `rate`: the board had no cage yet.
 */
export interface PriceCageRule extends Versioned {
  readonly rate: Dec | null;
  readonly ticks: number;
}

export const PRICE_CAGES: Record<Board, readonly PriceCageRule[]> = {
  main: [
    { effectiveFrom: '1998-04-22', rate: null, ticks: 0 },
    // main-board registration reform: 2%, or ten ticks for low-priced stocks
    { effectiveFrom: '2023-04-10', rate: new Dec('0.02'), ticks: 10 },
  ],
  chinext: [
    { effectiveFrom: '2009-10-30', rate: null, ticks: 0 },
    { effectiveFrom: '2020-08-24', rate: new Dec('0.02'), ticks: 0 },
    { effectiveFrom: '2023-04-10', rate: new Dec('0.02'), ticks: 10 },
  ],
  star: [{ effectiveFrom: '2019-07-22', rate: new Dec('0.02'), ticks: 0 }],
  bse: [{ effectiveFrom: '2021-11-15', rate: new Dec('0.05'), ticks: 10 }],
};

/** What the reference is read from: the quote's five-level book and last price. */
export interface CageQuote {
  bids: readonly { price: string }[];
  asks: readonly { price: string }[];
  /** Last trade; the previous close until the day's first trade. */
  price: string;
}

/**
 * The exchanges' reference (基准价格): for a buy the best offer, else the best bid, else the last
 * price (the previous close before the first trade); for a sell the best bid, else the best offer,
 * else the last price.
 */
export function cageReference(side: Side, quote: CageQuote): Dec {
  const [near, far] = side === 'buy' ? [quote.asks, quote.bids] : [quote.bids, quote.asks];
  return new Dec(near[0]?.price ?? far[0]?.price ?? quote.price);
}

/** The highest buy or lowest sell the cage lets in, on the tick grid; null where there is no cage. */
export function cageLimit(args: {
  instrument: Pick<Instrument, 'board' | 'kind'>;
  tradingDate: string;
  side: Side;
  reference: Dec;
}): Dec | null {
  const { instrument, tradingDate, side, reference } = args;
  const rule = inForce(PRICE_CAGES[instrument.board], tradingDate, 'price cage');
  if (!rule.rate) return null;
  const tick = tickSize(instrument.kind);
  const byTicks = tick.times(rule.ticks);
  const places = tick.decimalPlaces();
  if (side === 'buy') {
    const cap = Dec.max(reference.times(new Dec(1).plus(rule.rate)), reference.plus(byTicks));
    return cap.toDecimalPlaces(places, Dec.ROUND_DOWN);
  }
  const floor = Dec.min(reference.times(new Dec(1).minus(rule.rate)), reference.minus(byTicks));
  return Dec.max(tick, floor.toDecimalPlaces(places, Dec.ROUND_UP));
}

/** A limit price in continuous trading against the cage around the current quote. */
export function checkPriceCage(args: {
  instrument: Pick<Instrument, 'board' | 'kind'>;
  tradingDate: string;
  side: Side;
  price: Dec;
  quote: CageQuote;
}): RuleCheck {
  const { instrument, tradingDate, side, price, quote } = args;
  const reference = cageReference(side, quote);
  const limit = cageLimit({ instrument, tradingDate, side, reference });
  if (!limit) return { ok: true };
  const places = tickSize(instrument.kind).decimalPlaces();
  const params = { limit: limit.toFixed(places), reference: reference.toFixed(places) };
  if (side === 'buy' && price.gt(limit)) return { ok: false, key: 'order.priceAboveCage', params };
  if (side === 'sell' && price.lt(limit)) return { ok: false, key: 'order.priceBelowCage', params };
  return { ok: true };
}
