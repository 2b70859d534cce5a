import type { DayBar, Instrument } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { listingLimits, streakOf } from './limitStreaks.ts';
import { dayBar as bar } from './testing/listQuotes.ts';

const main: Instrument = { symbol: '600001', exchange: 'SSE', board: 'main', kind: 'stock', isST: false };
const chinext: Instrument = {
  symbol: '300001',
  exchange: 'SZSE',
  board: 'chinext',
  kind: 'stock',
  isST: false,
};
/** Listed on Monday 2026-11-23 by registration: no band in its first five trading days. */
const newIssue: Instrument = { ...chinext, symbol: '301999', listedOn: '2026-11-23', registrationIpo: true };

const limits = listingLimits([main, chinext, newIssue]);

describe('the limits of a past day', () => {
  it('come from that day’s previous close and the board’s band, rounded half up to the tick', () => {
    // 12.35 × 1.1 = 13.585 → 13.59; × 0.9 = 11.115 → 11.12
    expect(limits('600001', bar('2026-11-26', 1235, 1300))).toEqual({ up: 1359, down: 1112 });
    // ChiNext ±20%: 10.00 → 12.00 and 8.00
    expect(limits('300001', bar('2026-11-26', 1000, 1100))).toEqual({ up: 1200, down: 800 });
  });

  it('are none for a new issue in its first days, nor for a code not listed (an index)', () => {
    expect(limits('301999', bar('2026-11-26', 1000, 1500))).toBeNull();
    expect(limits('000001', bar('2026-11-26', 300000, 330000))).toBeNull();
  });
});

describe('streakOf', () => {
  const of = (symbol: string, newestFirst: DayBar[]) => streakOf(newestFirst, (b) => limits(symbol, b));

  it('counts the days in a row at the limit back from the newest, stopping at the first that was not', () => {
    // 10.00 → 11.00 → 12.10 → 13.31 (each +10%), the day before that only +5%
    const bars = [
      bar('2026-11-26', 1210, 1331),
      bar('2026-11-25', 1100, 1210),
      bar('2026-11-24', 1000, 1100),
      bar('2026-11-23', 952, 1000),
      bar('2026-11-20', 900, 990), // at the limit, but before the break: not counted
    ];
    expect(of('600001', bars)).toEqual({ up: 3, down: 0 });
  });

  it('counts limit-down days apart, and none when yesterday closed off the limit', () => {
    // 10.00 → 9.00 → 8.10
    expect(of('600001', [bar('2026-11-26', 900, 810), bar('2026-11-25', 1000, 900)])).toEqual({
      up: 0,
      down: 2,
    });
    expect(of('600001', [bar('2026-11-26', 1000, 1099), bar('2026-11-25', 1000, 1100)])).toEqual({
      up: 0,
      down: 0,
    });
  });

  it('does not count a new issue’s unbanded days, however far it rose', () => {
    expect(of('301999', [bar('2026-11-26', 1000, 1440), bar('2026-11-25', 800, 1000)])).toEqual({
      up: 0,
      down: 0,
    });
  });
});
