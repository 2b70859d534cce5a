import { Dec, roundCent, roundTo } from '../money.ts';

/** What a position holds, as the server keeps it; day figures are those of `tradingDate`. */
export interface PositionFigures {
  quantity: number;
  /** Cost of the shares held, buy fees included. */
  cost: Dec;
  /** Shares held at the start of the trading day, and today's buys, sells and fees. */
  dayOpenQuantity: number;
  dayBuyAmount: Dec;
  daySellAmount: Dec;
  dayFees: Dec;
}

export interface PositionValue {
  marketValue: Dec;
  floatingPnl: Dec;
  todayPnl: Dec;
  averageCost: Dec;
}

/**
 * A position valued at `price`. Today's P&L is what the day changed: value now, less the
 * opening holding at the previous close, less today's buys, plus today's sells, less fees.
 * Without a quote the position is valued at its cost.
 */
export function valuePosition(p: PositionFigures, price: Dec | null, prevClose: Dec | null): PositionValue {
  const marketValue = price ? roundCent(price.times(p.quantity)) : p.cost;
  const opening = roundCent((prevClose ?? price ?? new Dec(0)).times(p.dayOpenQuantity));
  const todayPnl = price
    ? marketValue.minus(opening).minus(p.dayBuyAmount).plus(p.daySellAmount).minus(p.dayFees)
    : new Dec(0);
  return {
    marketValue,
    floatingPnl: marketValue.minus(p.cost),
    todayPnl,
    averageCost: p.quantity > 0 ? roundTo(p.cost.dividedBy(p.quantity), 3) : new Dec(0),
  };
}

/** The cost a sell of `quantity` shares takes out of the position: pro rata, all of it on the last share. */
export function costOfSale(p: { quantity: number; cost: Dec }, quantity: number): Dec {
  return quantity === p.quantity ? p.cost : roundCent(p.cost.times(quantity).dividedBy(p.quantity));
}
