import { describe, expect, it } from 'vitest';
import type { ChartBar } from './liveBars.ts';
import { intradayReadout, klineReadout, readoutTime } from './readout.ts';

const bar = (
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume = 100,
): ChartBar => ({
  time,
  open,
  high,
  low,
  close,
  volume,
});

describe('K-line readout', () => {
  const bars = [bar(1, 1000, 1050, 990, 1030), bar(2, 1030, 1100, 1020, 1085, 2_500)];

  it('reads a bar and its change from the previous close', () => {
    expect(klineReadout(bars, 1)).toEqual({
      time: 2,
      open: '10.30',
      high: '11.00',
      low: '10.20',
      close: '10.85',
      // (10.85 − 10.30) / 10.30 = 5.339…%
      changePct: '5.34',
      volume: 2_500,
    });
  });

  it('takes the oldest bar loaded against its own open, and nothing outside the bars', () => {
    expect(klineReadout(bars, 0)?.changePct).toBe('3.00');
    expect(klineReadout(bars, 2)).toBeNull();
    expect(klineReadout(bars, -1)).toBeNull();
  });
});

describe('intraday readout', () => {
  it('reads the minute against the previous close, the average to the cent', () => {
    expect(intradayReadout({ time: 5, price: '14.24', average: '14.2349', volume: 300 }, '14.13')).toEqual({
      time: 5,
      close: '14.24',
      average: '14.23',
      changePct: '0.78',
      volume: 300,
    });
    expect(intradayReadout({ time: 5, price: '14.00', average: '14', volume: 0 }, '14.13').changePct).toBe(
      '-0.92',
    );
  });
});

describe('readout time', () => {
  // 2026-11-23 02:31 UTC is 10:31 in Shanghai, a Monday.
  const at = Date.UTC(2026, 10, 23, 2, 31);

  it('writes each period as the exchange apps do, on the Beijing clock', () => {
    expect(readoutTime(at, 'intraday')).toBe('10:31');
    expect(readoutTime(at, '5m')).toBe('11-23 10:31');
    expect(readoutTime(at, 'day')).toBe('2026-11-23');
    expect(readoutTime(at, 'week')).toBe('2026-11-23');
    expect(readoutTime(at, 'month')).toBe('2026-11');
  });
});
