import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  type DayBar,
  decimalToCents,
  decodeDayBars,
  decodeSeries,
  encodeDayBars,
  encodeSeries,
  encodeSeriesHeader,
  encodeSlots,
  type MinuteBar,
  minuteSlotOf,
  slotEnd,
  slotStart,
} from './marketBars.ts';

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('minute slots', () => {
  it.each([
    ['09:25', 0], // the opening auction's print joins the first minute
    ['09:30', 0],
    ['09:31', 1],
    ['11:29', 119],
    ['13:00', 120],
    ['14:56', 236],
    ['14:59', 239],
    ['15:00', 239], // the closing auction's print joins the last minute
  ])('%s is slot %i', (hhmm, slot) => expect(minuteSlotOf(at(hhmm))).toBe(slot));

  it('labels slots by their start in Asia/Shanghai', () => {
    expect(slotStart('2026-07-06', 0)).toBe(Date.parse('2026-07-06T09:30:00+08:00'));
    expect(slotStart('2026-07-06', 119)).toBe(Date.parse('2026-07-06T11:29:00+08:00'));
    expect(slotStart('2026-07-06', 120)).toBe(Date.parse('2026-07-06T13:00:00+08:00'));
    expect(slotEnd('2026-07-06', 239)).toBe(Date.parse('2026-07-06T15:00:00+08:00'));
  });
});

describe('cents and decimal strings', () => {
  it.each([
    [1230, '12.30'],
    [5, '0.05'],
    [-95, '-0.95'],
    [0, '0.00'],
    [123_456_789_012, '1234567890.12'],
  ])('%i ↔ %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
    expect(decimalToCents(text)).toBe(cents);
  });

  it('reads one decimal or none', () => {
    expect([decimalToCents('12.3'), decimalToCents('7'), decimalToCents('-3.1')]).toEqual([1230, 700, -310]);
  });
});

// Three trades, 100 shares each at 10.01, 10.03 and 10.02: turnover 100,100 + 100,300 + 100,200 cents.
const traded: MinuteBar = { open: 1001, high: 1003, low: 1000, close: 1002, volume: 300, turnover: 300_600 };
// 150 shares (an odd lot) at 9.99.
const oddLot: MinuteBar = { open: 999, high: 999, low: 999, close: 999, volume: 150, turnover: 149_850 };

describe('minute series encoding', () => {
  it('writes the version and the previous close', () => {
    // 1 | 1000 = 0b111_1101000 → 0xe8 0x07
    expect(hex(encodeSeriesHeader(1000))).toBe('01e807');
  });

  it('writes a slot as small varints relative to the previous close', () => {
    // volume 3 lots: 3 × 4 + 2 (lots) = 14; open − 10.00 = +1 → zigzag 2; close − open = +1 → 2;
    // high − max(open, close) = 1; min(open, close) − low = 1; turnover − low × volume = 600 → 6 (hundreds).
    expect(hex(encodeSlots(1000, [traded]))).toBe('0e0202010106');
    // nothing traded: a single zero
    expect(hex(encodeSlots(1000, [null]))).toBe('00');
    // 150 shares: 150 × 4 = 600 → 0xd8 0x04; open − 10.00 = −1 → zigzag 1; the rest 0.
    expect(hex(encodeSlots(1000, [oddLot]))).toBe('d8040100000000');
  });

  it('decodes what it encodes; a slot that did not trade repeats the previous close', () => {
    const series = decodeSeries(encodeSeries({ prevClose: 1000, bars: [traded, oddLot] }));
    expect(series).toEqual({ prevClose: 1000, bars: [traded, oddLot] });
    const appended = new Uint8Array([...encodeSeriesHeader(1000), ...encodeSlots(1000, [traded, null])]);
    expect(decodeSeries(appended).bars).toEqual([
      traded,
      { open: 1002, high: 1002, low: 1002, close: 1002, volume: 0, turnover: 0 },
    ]);
  });

  it('keeps a turnover unrelated to price times volume (an index) exactly', () => {
    // 3,000.00 points, a billion shares, 123,456,789.00 CNY
    const index: MinuteBar = {
      open: 300_000,
      high: 300_500,
      low: 299_800,
      close: 300_100,
      volume: 1_000_000_000,
      turnover: 12_345_678_900,
    };
    expect(decodeSeries(encodeSeries({ prevClose: 299_000, bars: [index] })).bars).toEqual([index]);
  });
});

describe('day-bar runs', () => {
  const day = (date: string, close: number): DayBar => ({
    tradingDate: date,
    prevClose: 1000,
    open: 1000,
    high: Math.max(1000, close),
    low: Math.min(1000, close),
    close,
    volume: 10_000,
    turnover: 10_000 * close,
    turnoverRate: 125,
  });

  it('concatenate: a day is stored by appending its bytes', () => {
    const a = day('2026-07-06', 1010);
    const b = day('2026-07-07', 990);
    const joined = new Uint8Array([...encodeDayBars([a]), ...encodeDayBars([b])]);
    expect(hex(joined)).toBe(hex(encodeDayBars([a, b])));
    expect(decodeDayBars('2026-07', joined)).toEqual([a, b]);
  });
});
