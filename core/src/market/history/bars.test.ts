import { type DayBar, type MinuteBar, shanghaiDayStart, slotStart } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { averagePrice, dayPeriodBars, minutePeriodBars, toWireBar } from './bars.ts';
import { bar } from './testing/bars.ts';

const DAY = '2026-07-06';

// Seven minutes from 09:30; the third did not trade and repeats 10.03.
const minutes = [
  bar(1000, 1005, 998, 1002, 100, 100_200),
  bar(1002, 1003, 1001, 1003, 200, 200_400),
  bar(1003, 1003, 1003, 1003, 0, 0),
  bar(1004, 1010, 1004, 1008, 300, 301_800),
  bar(1008, 1008, 1000, 1001, 100, 100_500),
  bar(1001, 1002, 999, 999, 400, 400_000),
  bar(999, 1000, 990, 995, 100, 99_500),
];

describe('minute periods', () => {
  it('keeps 1-minute bars as they are, timed by their slot', () => {
    const bars = minutePeriodBars(DAY, { prevClose: 1000, bars: minutes }, '1m');
    expect(bars).toHaveLength(7);
    expect(bars[3]).toEqual({ ...minutes[3], time: slotStart(DAY, 3) });
  });

  it('merges five minutes into one bar; the last one forms from the minutes so far', () => {
    expect(minutePeriodBars(DAY, { prevClose: 1000, bars: minutes }, '5m')).toEqual([
      // open of the first, high 10.10 (4th), low 9.98 (1st), close of the 5th; 100+200+0+300+100 shares
      {
        time: Date.parse('2026-07-06T09:30:00+08:00'),
        ...bar(1000, 1010, 998, 1001, 700, 100_200 + 200_400 + 301_800 + 100_500),
      },
      // 09:35 and 09:36 so far
      { time: Date.parse('2026-07-06T09:35:00+08:00'), ...bar(1001, 1002, 990, 995, 500, 499_500) },
    ]);
  });

  it('never spans the lunch break: 60-minute bars start at 09:30, 10:30, 13:00 and 14:00', () => {
    const day = Array.from({ length: 240 }, () => bar(1000, 1000, 1000, 1000, 0, 0));
    const times = minutePeriodBars(DAY, { prevClose: 1000, bars: day }, '60m').map((b) => b.time);
    expect(times).toEqual(
      ['09:30', '10:30', '13:00', '14:00'].map((t) => Date.parse(`${DAY}T${t}:00+08:00`)),
    );
  });
});

describe('day periods', () => {
  const day = (tradingDate: string, m: MinuteBar): DayBar => ({
    ...m,
    tradingDate,
    prevClose: m.open,
    turnoverRate: 0,
  });
  // A week across a month end: Mon 29 June to Wed 1 July, then Mon 6 July.
  const days = [
    day('2026-06-29', bar(100, 110, 95, 105, 10, 1000)),
    day('2026-06-30', bar(105, 108, 100, 101, 20, 2000)),
    day('2026-07-01', bar(101, 120, 101, 119, 30, 3000)),
    day('2026-07-06', bar(119, 121, 110, 111, 40, 4000)),
  ];

  it('groups weeks Monday to Friday, timed by their first trading day', () => {
    expect(dayPeriodBars(days, 'week')).toEqual([
      { time: shanghaiDayStart('2026-06-29'), ...bar(100, 120, 95, 119, 60, 6000) },
      { time: shanghaiDayStart('2026-07-06'), ...bar(119, 121, 110, 111, 40, 4000) },
    ]);
  });

  it('groups calendar months', () => {
    expect(dayPeriodBars(days, 'month')).toEqual([
      { time: shanghaiDayStart('2026-06-29'), ...bar(100, 110, 95, 101, 30, 3000) },
      { time: shanghaiDayStart('2026-07-01'), ...bar(101, 121, 101, 111, 70, 7000) },
    ]);
  });

  it('keeps days as they are', () => {
    expect(dayPeriodBars(days, 'day').map((b) => b.close)).toEqual([105, 101, 119, 111]);
  });
});

describe('wire bars and the average price', () => {
  it('turns cents into decimal strings', () => {
    expect(toWireBar({ time: 1, ...bar(1000, 1005, 998, 1002, 100, 100_200) })).toEqual({
      time: 1,
      open: '10.00',
      high: '10.05',
      low: '9.98',
      close: '10.02',
      volume: 100,
      turnover: '1002.00',
    });
  });

  it.each([
    [300_600n, 300, 1002], // 3,006.00 / 300 = 10.02
    [2003n, 2, 1002], // 10.015 rounds half up
    [3004n, 3, 1001], // 10.0133…
    [0n, 0, 999], // nothing traded yet: the fallback
    // An index: 4e12 shares at 3,000.00 points and as many at 3,000.01 is 2.4e18 point-cents × shares, past 2^53;
    // 3,000.005 rounds half up.
    [300_000n * 4_000_000_000_000n + 300_001n * 4_000_000_000_000n, 8_000_000_000_000, 300_001],
  ])('%i over volume %i is %i cents', (weighted, volume, expected) => {
    expect(averagePrice(weighted, volume, 999)).toBe(expected);
  });
});
