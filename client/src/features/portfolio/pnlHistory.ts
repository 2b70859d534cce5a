import { costOfSale, Dec, type FillView, roundCent } from '@bourse/shared';

/** A position's P&L at one instant of market time (ms): after a fill, at a day's close, or now. */
export interface PnlPoint {
  at: number;
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

/** The closing print of a trading day, 15:00 in Shanghai. */
const closeOf = (date: string): number => Date.parse(`${date}T15:00:00+08:00`);

/** Realised plus floating, as the account counts total P&L. */
const pnlOf = (h: Holding, price: Dec) => h.realised.plus(roundCent(price.times(h.quantity))).minus(h.cost);

/**
 * The P&L of one position from its first fill to now, in market time: a point after each fill
 * (valued at its price, so the line starts at the first buy's fees), one at each day's close
 * (the shares held at the close; a day without one keeps the last price known) and today's last
 * at `today.at`, valued at the live price. The fills are replayed as the server's ledger does:
 * buys add amount and fees to the cost, sells realise what they bring over their share of it.
 * Points are a second apart at least, as a chart's time axis needs; fills within one second
 * make one point.
 */
export function pnlHistory(
  fills: readonly FillView[],
  closes: ReadonlyMap<string, Dec>,
  today: { date: string; price: Dec | null; at: number },
): PnlPoint[] {
  const ordered = [...fills].sort(byTime);
  const first = ordered[0];
  if (!first) return [];
  const dates = [...new Set([...ordered.map((f) => f.tradingDate), ...closes.keys(), today.date])]
    .filter((date) => date >= first.tradingDate && date <= today.date)
    .sort();
  const points: PnlPoint[] = [];
  const second = (ms: number) => Math.floor(ms / 1000);
  const add = (at: number, pnl: Dec, sameSecond: 'merge' | 'after') => {
    const last = points.at(-1);
    if (last && second(at) <= second(last.at)) {
      if (sameSecond === 'merge') last.pnl = pnl;
      else points.push({ at: (second(last.at) + 1) * 1000, pnl });
    } else points.push({ at, pnl });
  };
  let holding: Holding = { quantity: 0, cost: new Dec(0), realised: new Dec(0) };
  let next = 0;
  let price = new Dec(first.price);
  for (const date of dates) {
    for (; ordered[next] && ordered[next]!.tradingDate <= date; next++) {
      const fill = ordered[next]!;
      price = new Dec(fill.price);
      holding = applyFill(holding, fill);
      add(Date.parse(fill.marketAt), pnlOf(holding, price), 'merge');
    }
    const isToday = date === today.date;
    price = (isToday ? today.price : null) ?? closes.get(date) ?? price;
    add(isToday ? today.at : closeOf(date), pnlOf(holding, price), 'after');
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
