/**
 * 连板: how many trading days in a row before today each name closed at its limit, from the
 * stored day bars. A day counts when its close equals the limit its own previous close and
 * the dated band rules give (no band that day, as in a new listing's first days: it does not).
 */
import { dayBarsBetween } from '@bourse/core/market/history';
import type { Db } from '@bourse/core/platform';
import { type DayBar, Dec, type Instrument, priceLimits } from '@bourse/shared';
import type { LimitStreaks } from './seals.ts';

/** A day's limit prices in cents, or null when it had no band. */
export type LimitsOf = (symbol: string, bar: DayBar) => { up: number; down: number } | null;

/** Days at each limit, counted from the newest bar back to the first that closed elsewhere. */
export function streakOf(newestFirst: readonly DayBar[], limitsOf: (bar: DayBar) => ReturnType<LimitsOf>) {
  const count = (side: 'up' | 'down') => {
    let days = 0;
    for (const bar of newestFirst) {
      if (bar.close !== limitsOf(bar)?.[side]) break;
      days++;
    }
    return days;
  };
  return { up: count('up'), down: count('down') };
}

/** The limits of the day's listings (indices have none), by the rules in force on each bar's date. */
export function listingLimits(listings: readonly Instrument[]): LimitsOf {
  const bySymbol = new Map(listings.map((l) => [l.symbol, l]));
  return (symbol, bar) => {
    const instrument = bySymbol.get(symbol);
    const limits =
      instrument &&
      priceLimits({ instrument, prevClose: new Dec(bar.prevClose).div(100), tradingDate: bar.tradingDate });
    return limits ? { up: limits.up.times(100).toNumber(), down: limits.down.times(100).toNumber() } : null;
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayBefore = (date: string) => isoDay(new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000));
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * The streaks before `tradingDate` of every name with one. Reads this month's and last month's
 * bars of every symbol, then, a month at a time, older bars of only the names whose streak runs
 * to the oldest bar read, so a long streak costs a few small reads, not the whole history.
 */
export async function loadLimitStreaks(
  db: Db,
  tradingDate: string,
  limitsOf: LimitsOf,
): Promise<LimitStreaks> {
  const streaks = new Map<string, { up: number; down: number }>();
  /** Bars read so far of the names still in a streak, newest first. */
  const history = new Map<string, DayBar[]>();
  let to = dayBefore(tradingDate);
  let from = monthStart(dayBefore(monthStart(to)));
  let symbols: string[] | undefined;
  for (;;) {
    const loaded = await dayBarsBetween(db, from, to, symbols);
    symbols = [];
    for (const [symbol, days] of loaded) {
      const bars = [...(history.get(symbol) ?? []), ...days.reverse()];
      const streak = streakOf(bars, (bar) => limitsOf(symbol, bar));
      if (streak.up > 0 || streak.down > 0) streaks.set(symbol, streak);
      history.delete(symbol);
      if (streak.up === bars.length || streak.down === bars.length) {
        history.set(symbol, bars);
        symbols.push(symbol);
      }
    }
    if (symbols.length === 0) return streaks;
    to = dayBefore(from);
    from = monthStart(to);
  }
}
