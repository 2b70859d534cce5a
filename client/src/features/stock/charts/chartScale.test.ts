import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BAR_SPACING,
  klineBarSpacing,
  MAX_BAR_SPACING,
  percentRange,
  symmetricPriceRange,
  volumeCeiling,
} from './chartScale.ts';

describe('intraday price axis', () => {
  it('reaches as far below the previous close as above it, by the larger move', () => {
    // Prev close 14.13, the day 14.10–14.44: the rise (0.31) sets both halves.
    const range = symmetricPriceRange(14.13, 14.1, 14.44);
    expect(range.maxValue).toBeCloseTo(14.44, 10);
    expect(range.minValue).toBeCloseTo(13.82, 10);
    // A fall larger than the rise sets them the other way.
    const falling = symmetricPriceRange(10, 9.2, 10.3);
    expect(falling.minValue).toBeCloseTo(9.2, 10);
    expect(falling.maxValue).toBeCloseTo(10.8, 10);
  });

  it('keeps a quiet day at least 1% each way, so noise does not fill the chart', () => {
    const range = symmetricPriceRange(20, 19.99, 20.02);
    expect(range.minValue).toBeCloseTo(19.8, 10);
    expect(range.maxValue).toBeCloseTo(20.2, 10);
  });

  it('reads the same range as percentages of the previous close on the right', () => {
    const pct = percentRange(10, symmetricPriceRange(10, 9.2, 10.3));
    expect(pct.minValue).toBeCloseTo(-8, 10);
    expect(pct.maxValue).toBeCloseTo(8, 10);
  });
});

describe('intraday volume scale', () => {
  const auction = new Set([0]);

  it('leaves the opening auction out, so the minutes after it are not flattened', () => {
    // The 09:25 print lands in the 09:30 bar: 80 times a normal minute.
    const volumes = new Map([
      [0, 8_000_000],
      [1, 100_000],
      [2, 60_000],
    ]);
    expect(volumeCeiling(volumes, auction)).toBe(100_000);
  });

  it('scales to the auction bar while it is the only bar with volume', () => {
    expect(volumeCeiling(new Map([[0, 8_000_000]]), auction)).toBe(8_000_000);
    expect(volumeCeiling(new Map(), auction)).toBe(0);
  });
});

describe('K-line bar spacing', () => {
  it('spreads a short history over the whole chart width', () => {
    // 22 weekly bars (+1 slot of margin) on a 320 px chart: about 14 px a bar, not 6.
    expect(klineBarSpacing(23, 320)).toBeCloseTo(320 / 23, 10);
  });

  it('keeps the default spacing when the bars overflow the chart', () => {
    expect(klineBarSpacing(201, 320)).toBe(DEFAULT_BAR_SPACING);
    expect(klineBarSpacing(0, 320)).toBe(DEFAULT_BAR_SPACING);
  });

  it('does not turn a handful of bars into blocks', () => {
    expect(klineBarSpacing(3, 320)).toBe(MAX_BAR_SPACING);
  });
});
