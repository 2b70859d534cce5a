import { shanghaiDayStart } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { bucketOf, LiveBarBuilder } from './liveBars.ts';

const DATE = '2026-11-23';
const day = shanghaiDayStart(DATE);
/** Market time at a Beijing wall clock time of DATE. */
const at = (hh: number, mm: number, ss = 0) => day + ((hh * 60 + mm) * 60 + ss) * 1000;

describe('bucketOf', () => {
  it('cuts minute periods on session slots, never across lunch', () => {
    expect(bucketOf('1m', DATE, at(9, 31, 40))).toBe(String(at(9, 31)));
    expect(bucketOf('5m', DATE, at(9, 34, 59))).toBe(String(at(9, 30)));
    expect(bucketOf('30m', DATE, at(11, 29))).toBe(String(at(11, 0)));
    // 60-minute bars: 9:30–10:30, 10:30–11:30, 13:00–14:00, 14:00–15:00.
    expect(bucketOf('60m', DATE, at(10, 45))).toBe(String(at(10, 30)));
    expect(bucketOf('60m', DATE, at(13, 5))).toBe(String(at(13, 0)));
    // The opening auction print belongs to 9:30, the closing one to 14:59.
    expect(bucketOf('1m', DATE, at(9, 25))).toBe(String(at(9, 30)));
    expect(bucketOf('1m', DATE, at(15, 0))).toBe(String(at(14, 59)));
  });

  it('groups days by calendar week (from Monday) and month', () => {
    // 2026-11-23 is a Monday; 2026-11-27 the Friday of that week.
    expect(bucketOf('week', '2026-11-27', 0)).toBe('2026-11-23');
    expect(bucketOf('month', DATE, 0)).toBe('2026-11');
    expect(bucketOf('day', DATE, 0)).toBe(DATE);
  });
});

describe('LiveBarBuilder', () => {
  it('updates the forming minute bar, then opens the next one with only the new volume', () => {
    const bars = new LiveBarBuilder('1m', DATE);
    expect(bars.apply({ time: at(9, 31, 5), price: 1000, dayVolume: 5_000 })).toEqual({
      time: at(9, 31),
      open: 1000,
      high: 1000,
      low: 1000,
      close: 1000,
      // The day's volume before the first tick is not this bar's.
      volume: 0,
    });
    expect(bars.apply({ time: at(9, 31, 30), price: 1010, dayVolume: 5_300 })).toMatchObject({
      high: 1010,
      close: 1010,
      volume: 300,
    });
    expect(bars.apply({ time: at(9, 31, 50), price: 990, dayVolume: 5_400 })).toMatchObject({
      low: 990,
      close: 990,
      volume: 400,
    });
    // 9:32: the 100 shares traded since the last tick open the new bar.
    expect(bars.apply({ time: at(9, 32, 1), price: 995, dayVolume: 5_500 })).toEqual({
      time: at(9, 32),
      open: 995,
      high: 995,
      low: 995,
      close: 995,
      volume: 100,
    });
    // A late tick for 9:31 changes nothing.
    expect(bars.apply({ time: at(9, 31, 59), price: 1, dayVolume: 5_500 })).toBeNull();
  });

  it('counts a new minute bar from the day volume the loaded bars end with', () => {
    const last = { time: at(9, 31), open: 1000, high: 1000, low: 1000, close: 1000, volume: 700 };
    // Bars so far hold 5,000 shares; by the first tick the day has 5,400: 400 in the 9:32 bar.
    const bars = new LiveBarBuilder('1m', DATE, last, 5_000);
    expect(bars.apply({ time: at(9, 32, 20), price: 1001, dayVolume: 5_400 })).toMatchObject({
      time: at(9, 32),
      volume: 400,
    });
  });

  it('continues the bar loaded from history, counting only what trades after it', () => {
    const last = { time: at(10, 0), open: 1000, high: 1020, low: 990, close: 1010, volume: 2_000 };
    const bars = new LiveBarBuilder('5m', DATE, last);
    // The day has 50,000 shares so far, 2,000 of them in the 10:00 bar.
    expect(bars.apply({ time: at(10, 2), price: 1030, dayVolume: 50_000 })).toEqual({
      ...last,
      high: 1030,
      close: 1030,
      volume: 2_000,
    });
    expect(bars.apply({ time: at(10, 3), price: 1025, dayVolume: 50_700 })).toMatchObject({ volume: 2_700 });
  });

  it('adds today to the week bar that history ends with', () => {
    // History's last week bar starts on Monday the 23rd and holds 1,000,000 shares so far.
    const week = {
      time: shanghaiDayStart(DATE),
      open: 900,
      high: 1100,
      low: 880,
      close: 1000,
      volume: 1_000_000,
    };
    const bars = new LiveBarBuilder('week', '2026-11-25', week);
    expect(bars.apply({ time: at(10, 0) + 2 * 86_400_000, price: 1150, dayVolume: 300_000 })).toEqual({
      ...week,
      high: 1150,
      close: 1150,
      volume: 1_000_000,
    });
    expect(bars.apply({ time: at(10, 1) + 2 * 86_400_000, price: 1140, dayVolume: 310_000 })?.volume).toBe(
      1_010_000,
    );
  });

  it('opens a new day bar when history ends yesterday', () => {
    const yesterday = {
      time: shanghaiDayStart('2026-11-20'),
      open: 900,
      high: 950,
      low: 880,
      close: 920,
      volume: 10,
    };
    const bars = new LiveBarBuilder('day', DATE, yesterday);
    expect(bars.apply({ time: at(9, 30), price: 930, dayVolume: 800 })).toEqual({
      time: day,
      open: 930,
      high: 930,
      low: 930,
      close: 930,
      // All of today's volume so far.
      volume: 800,
    });
  });
});
