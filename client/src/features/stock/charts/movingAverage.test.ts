import { describe, expect, it } from 'vitest';
import { lastAverage, movingAverage } from './movingAverage.ts';

describe('movingAverage', () => {
  it('averages each window of closes, null until the window fills', () => {
    // Closes 10.00, 10.10, 10.20, 10.30, 10.40, 10.50 in cents.
    const closes = [1000, 1010, 1020, 1030, 1040, 1050];
    // MA3: (1000+1010+1020)/3 = 1010, (1010+1020+1030)/3 = 1020, then 1030 and 1040.
    expect(movingAverage(closes, 3)).toEqual([null, null, 1010, 1020, 1030, 1040]);
    // MA5: 5100/5 = 1020, then (5100-1000+1050)/5 = 5150/5 = 1030.
    expect(movingAverage(closes, 5)).toEqual([null, null, null, null, 1020, 1030]);
    expect(movingAverage(closes, 1)).toEqual(closes);
    expect(movingAverage(closes, 7)).toEqual([null, null, null, null, null, null]);
  });

  it('keeps cents exact over long runs (no drift from the running sum)', () => {
    // 1,000 closes alternating 12.34 and 56.78: every even window of 2 averages (1234+5678)/2 = 3456.
    const closes = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? 1234 : 5678));
    const ma = movingAverage(closes, 2);
    expect(new Set(ma.slice(1))).toEqual(new Set([3456]));
  });

  it('gives the last window for a live tick', () => {
    // MA5 of 1010..1050 = 5150/5 = 1030; MA10 of five closes: not yet.
    expect(lastAverage([1000, 1010, 1020, 1030, 1040, 1050], 5)).toBe(1030);
    expect(lastAverage([1000, 1010], 10)).toBeNull();
  });

  it('refuses a window that is not a positive whole number', () => {
    expect(() => movingAverage([1], 0)).toThrow(RangeError);
  });
});
