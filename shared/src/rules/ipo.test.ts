import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import type { Exchange } from './instruments.ts';
import {
  ipoBarredThrough,
  ipoHoldingWindow,
  ipoMaxShares,
  ipoQuotaUnits,
  ipoSchedule,
  ipoTrancheCapShares,
} from './ipo.ts';

const DATE = '2026-07-10';

describe('IPO quota', () => {
  it.each([
    ['SSE', '0', 0],
    ['SSE', '9999.99', 0], // below the 10,000 threshold
    ['SSE', '10000', 2], // 10,000 / 5,000
    ['SSE', '14999.99', 2], // the part under 5,000 does not count
    ['SSE', '15000', 3],
    ['SZSE', '1000000', 200], // SZSE: 500 shares per 5,000 too
  ] as const)('%s holding %s → %i units', (exchange: Exchange, value, units) => {
    expect(ipoQuotaUnits({ averageHoldingValue: new Dec(value), exchange, tradingDate: DATE })).toBe(units);
  });

  it('has no holding quota on BSE', () => {
    expect(() =>
      ipoQuotaUnits({ averageHoldingValue: new Dec(50_000), exchange: 'BSE', tradingDate: DATE }),
    ).toThrow(RangeError);
  });

  it.each([
    // 1,000,000 holding = 200 units = 100,000 shares
    [200_000_000, 100_000], // cap 200,000 shares: the quota binds
    [20_000_000, 20_000], // cap 1/1000 = 20,000 shares = 40 units
    [12_345_678, 12_000], // cap 12,345.678 shares → 24 whole units = 12,000
  ])('online tranche of %i shares → at most %i', (onlineTrancheShares, expected) => {
    expect(
      ipoMaxShares({
        averageHoldingValue: new Dec(1_000_000),
        exchange: 'SSE',
        tradingDate: DATE,
        onlineTrancheShares,
      }),
    ).toBe(expected);
  });
});

describe('IPO tranche cap', () => {
  it.each([
    [20_000_000, 20_000], // 1/1000 = 20,000 shares = 40 units
    [12_345_678, 12_000], // 12,345.678 shares → 24 whole units
    [400_000, 0], // 400 shares: not one unit
  ])('online tranche of %i shares → at most %i for anyone', (onlineTrancheShares, expected) => {
    expect(ipoTrancheCapShares({ exchange: 'SZSE', tradingDate: DATE, onlineTrancheShares })).toBe(expected);
  });
});

describe('IPO timeline', () => {
  it('averages holdings over the 20 trading days ending T-2', () => {
    // T = Thu 2026-02-26: T-1 = 02-25, T-2 = 02-24 (the Spring Festival closes 02-16..02-23);
    // counting back 20 trading days from 02-24: 02-24, 02-13..02-09 (5), 02-06..02-02 (5), 01-30..01-26 (5), 01-23..01-20 (4)
    expect(ipoHoldingWindow('2026-02-26')).toEqual({ from: '2026-01-20', to: '2026-02-24' });
  });

  it('runs T, T+1, T+2 on trading days', () => {
    expect(ipoSchedule('2026-09-29')).toEqual({
      subscription: '2026-09-29',
      lottery: '2026-09-30',
      payment: '2026-10-08', // National Day
    });
  });
});

describe('abandon bar', () => {
  it.each([
    // third abandon 2026-02-27 within 12 months of the first: barred for 180 days from 02-28,
    // Feb 27 + 180 days: Mar 1 is +2, Mar 31 +32, Apr 30 +62, May 31 +93, Jun 30 +123, Jul 31 +154, Aug 26 +180
    [['2025-03-01', '2025-08-01', '2026-02-27'], '2026-08-26'],
    [['2026-02-27', '2025-03-01', '2025-08-01'], '2026-08-26'], // any order
    [['2025-03-01', '2025-08-01', '2026-03-01'], undefined], // 12 months apart: outside the window
    [['2025-03-01', '2025-08-01'], undefined], // two are not enough
    [['2025-03-01', '2025-08-01', '2026-03-01', '2026-04-01'], '2026-09-28'], // 08-01, 03-01, 04-01: 04-01 + 180
  ])('%j → barred through %s', (dates, expected) => {
    expect(ipoBarredThrough(dates, DATE)).toBe(expected);
  });
});
