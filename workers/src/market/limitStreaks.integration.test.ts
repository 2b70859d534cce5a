import { storeDayBars } from '@bourse/core/market/history';
import { EMBEDDED_AND_POSTGRES, openTestDatabase } from '@bourse/core/market/history/testing';
import type { Database } from '@bourse/core/platform';
import { type DayBar, Dec, exchangeCalendar, type Instrument, roundTo } from '@bourse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingLimits, loadLimitStreaks } from './limitStreaks.ts';
import { dayBar } from './testing/listQuotes.ts';

const stock = (symbol: string): Instrument => ({
  symbol,
  exchange: 'SSE',
  board: 'main',
  kind: 'stock',
  isST: false,
});
const TODAY = '2026-11-27';

/** The trading days before TODAY, oldest first, back to `from`. */
function tradingDays(from: string): string[] {
  const days: string[] = [];
  for (
    let d = exchangeCalendar.previousTradingDay(TODAY);
    d >= from;
    d = exchangeCalendar.previousTradingDay(d)
  )
    days.unshift(d);
  return days;
}

/**
 * A main-board stock's bars from 10.00: `atLimit(i)` closes day i at its limit (up or down,
 * half up to the cent as the exchange rounds), any other day 1% up.
 */
function history(days: readonly string[], atLimit: (i: number) => 'up' | 'down' | null): DayBar[] {
  let prevClose = 1000;
  return days.map((tradingDate, i) => {
    const side = atLimit(i);
    const factor = side === 'up' ? '1.1' : side === 'down' ? '0.9' : '1.01';
    const close = roundTo(new Dec(prevClose).times(factor), 0).toNumber();
    const bar = dayBar(tradingDate, prevClose, close);
    prevClose = close;
    return bar;
  });
}

describe.each(EMBEDDED_AND_POSTGRES)('limit streaks from the stored day bars on %s', (kind) => {
  let database: Database;
  const days = tradingDays('2026-08-03');
  const n = days.length;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const bars = {
      // The last 45 trading days at the limit: the streak runs back through September and August.
      '600001': history(days, (i) => (i >= n - 45 ? 'up' : null)),
      // Two days down to yesterday.
      '600002': history(days, (i) => (i >= n - 2 ? 'down' : null)),
      // Up three days, then yesterday off the limit: no streak.
      '600003': history(days, (i) => (i >= n - 4 && i < n - 1 ? 'up' : null)),
      '600004': history(days, () => null),
    };
    await storeDayBars(
      database.db,
      Object.entries(bars).flatMap(([symbol, list]) => list.map((bar) => ({ symbol, bar }))),
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts each name’s days at the limit before today, across months, and leaves out the rest', async () => {
    const limits = listingLimits(['600001', '600002', '600003', '600004'].map(stock));
    const streaks = await loadLimitStreaks(database.db, TODAY, limits);
    expect(Object.fromEntries(streaks)).toEqual({
      '600001': { up: 45, down: 0 },
      '600002': { up: 0, down: 2 },
    });
  });

  it('does not count the day itself when it is stored already (a restart after the close)', async () => {
    const limits = listingLimits([stock('600002')]);
    const yesterday = exchangeCalendar.previousTradingDay(TODAY);
    const streaks = await loadLimitStreaks(database.db, yesterday, limits);
    expect(streaks.get('600002')).toEqual({ up: 0, down: 1 });
  });
});
