import { costOfSale, Dec, type FillView, roundCent } from '@bourse/shared';

/** A position's P&L at the end of one trading day. */
export interface PnlPoint {
  date: string;
  pnl: Dec;
}

interface Holding {
  quantity: number;
  cost: Dec;
  realised: Dec;
}

const byTime = (a: FillView, b: FillView) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

const feesOf = (fill: FillView) => new Dec(fill.commission).plus(fill.stampDuty).plus(fill.transferFee);

function applyFill(h: Holding, fill: FillView): Holding {
  const amount = new Dec(fill.amount);
  if (fill.side === 'buy')
    return { ...h, quantity: h.quantity + fill.quantity, cost: h.cost.plus(amount).plus(feesOf(fill)) };
  // A sell takes its share of the cost out, as the server's ledger does; the rest is realised.
  const out = costOfSale(h, fill.quantity);
  return {
    quantity: h.quantity - fill.quantity,
    cost: h.cost.minus(out),
    realised: h.realised.plus(amount).minus(feesOf(fill)).minus(out),
  };
}

/**
 * The P&L of one position at each day's close, from the close before its first fill (zero) to
 * today: the fills replayed in order (buys add amount and fees to the cost, sells realise what
 * they bring over their share of it), the shares held valued at the day's close, and today at
 * the live price. A day without a close keeps the last price known. Realised plus floating, as
 * the account counts total P&L.
 */
export function pnlHistory(
  fills: readonly FillView[],
  closes: ReadonlyMap<string, Dec>,
  today: { date: string; price: Dec | null },
): PnlPoint[] {
  const ordered = [...fills].sort(byTime);
  const first = ordered[0];
  if (!first) return [];
  const dates = [...new Set([...ordered.map((f) => f.tradingDate), ...closes.keys(), today.date])]
    .filter((date) => date >= first.tradingDate && date <= today.date)
    .sort();
  let holding: Holding = { quantity: 0, cost: new Dec(0), realised: new Dec(0) };
  let next = 0;
  let price = new Dec(first.price);
  // The line starts at nothing made or lost: the last close before the position opened.
  const before = [...closes.keys()]
    .filter((date) => date < first.tradingDate)
    .sort()
    .at(-1);
  const points: PnlPoint[] = before ? [{ date: before, pnl: new Dec(0) }] : [];
  for (const date of dates) {
    while (ordered[next] && ordered[next]!.tradingDate <= date) {
      price = new Dec(ordered[next]!.price);
      holding = applyFill(holding, ordered[next]!);
      next++;
    }
    price = (date === today.date ? today.price : null) ?? closes.get(date) ?? price;
    const value = roundCent(price.times(holding.quantity));
    points.push({ date, pnl: holding.realised.plus(value).minus(holding.cost) });
  }
  return points;
}

/** The fills of one round trip: from the first buy after the holding was empty to the sell that emptied it. */
export interface PositionLife {
  /** Oldest first. */
  fills: FillView[];
  /** The trading day it was sold out; null while it is held. */
  closedOn: string | null;
}

/**
 * A stock's fills cut into the positions they made: a position ends when its shares are all
 * sold. T+1 allows at most one such end per stock and day, so a closed position is known by its
 * day; the open one, if any, is the last.
 */
export function positionLives(fills: readonly FillView[]): PositionLife[] {
  const lives: PositionLife[] = [];
  let current: FillView[] = [];
  let quantity = 0;
  for (const fill of [...fills].sort(byTime)) {
    current.push(fill);
    quantity += fill.side === 'buy' ? fill.quantity : -fill.quantity;
    if (quantity === 0) {
      lives.push({ fills: current, closedOn: fill.tradingDate });
      current = [];
    }
  }
  if (current.length > 0) lives.push({ fills: current, closedOn: null });
  return lives;
}
