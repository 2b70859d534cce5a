import { decodeSeries, MINUTE_SLOTS } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { MinuteBuilder } from './minuteBuilder.ts';

const DAY = '2026-07-06';
const at = (hhmmss: string) => Date.parse(`${DAY}T${hhmmss}+08:00`);

function builder() {
  // 604000 closed at 10.00 yesterday, 004001 at 20.00
  return new MinuteBuilder(
    DAY,
    new Map([
      ['604000', 1000],
      ['004001', 2000],
    ]),
  );
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(parts.flatMap((p) => [...p]));
}

describe('MinuteBuilder', () => {
  it('builds a minute from its trades, the opening print included, once the minute is over', () => {
    const b = builder();
    b.trade('604000', 1005, 5000, at('09:25:00')); // opening auction
    b.trade('604000', 1008, 200, at('09:30:03'));
    b.trade('604000', 1002, 300, at('09:30:57'));
    b.completeUntil(at('09:30:59'));
    expect(b.takePending().map((p) => p.symbol)).toEqual(['604000', '004001']); // headers only
    b.completeUntil(at('09:31:00'));
    const [first] = b.takePending();
    expect(first?.fresh).toBe(false);
    // 5,000 × 10.05 + 200 × 10.08 + 300 × 10.02 = 50,250.00 + 2,016.00 + 3,006.00 = 55,272.00
    expect(decodeSeries(b.series().get('604000')!).bars).toEqual([
      { open: 1005, high: 1008, low: 1002, close: 1002, volume: 5500, turnover: 5_527_200 },
    ]);
  });

  it('fills minutes without trades with the last close, and the first writes start the series', () => {
    const b = builder();
    b.trade('004001', 2010, 100, at('09:31:10'));
    b.completeUntil(at('09:33:00'));
    const pending = new Map(b.takePending().map((p) => [p.symbol, p]));
    expect(pending.get('004001')?.fresh).toBe(true);
    expect(decodeSeries(pending.get('004001')!.bytes).bars).toEqual([
      { open: 2000, high: 2000, low: 2000, close: 2000, volume: 0, turnover: 0 },
      { open: 2010, high: 2010, low: 2010, close: 2010, volume: 100, turnover: 201_000 },
      { open: 2010, high: 2010, low: 2010, close: 2010, volume: 0, turnover: 0 },
    ]);
  });

  it('completes the last minute with the closing print at 15:00', () => {
    const b = builder();
    b.trade('604000', 1010, 1000, at('15:00:00'));
    b.completeUntil(at('14:59:59'));
    expect(b.complete).toBe(false);
    b.completeUntil(at('15:00:00'));
    expect(b.complete).toBe(true);
    const bars = decodeSeries(b.series().get('604000')!).bars;
    expect(bars).toHaveLength(MINUTE_SLOTS);
    expect(bars.at(-1)).toMatchObject({ close: 1010, volume: 1000 });
  });

  it('continues a series written before a takeover without building its minutes again', () => {
    const before = builder();
    before.trade('604000', 1001, 100, at('09:30:10'));
    before.trade('004001', 2001, 100, at('09:30:10'));
    before.completeUntil(at('09:32:00'));
    const written = before.series();

    const after = builder();
    after.resume('604000', written.get('604000')!);
    expect(after.firstIncompleteSlot()).toBe(0); // 004001 has nothing yet
    after.resume('004001', written.get('004001')!);
    expect(after.firstIncompleteSlot()).toBe(2);
    after.trade('604000', 1099, 100, at('09:31:30')); // replayed: already recorded
    after.trade('604000', 1003, 100, at('09:32:30'));
    after.completeUntil(at('09:33:00'));
    const appended = after.takePending().find((p) => p.symbol === '604000')!;
    expect(appended.fresh).toBe(false);
    const bars = decodeSeries(concat([written.get('604000')!, appended.bytes])).bars;
    expect(bars.map((bar) => [bar.close, bar.volume])).toEqual([
      [1001, 100],
      [1001, 0],
      [1003, 100],
    ]);
  });

  it('rebuilds a stored series of another previous close instead of appending to it', () => {
    const other = new MinuteBuilder(DAY, new Map([['604000', 999]]));
    other.completeUntil(at('09:32:00'));
    const b = builder();
    b.resume('604000', other.series().get('604000')!);
    expect(b.firstIncompleteSlot()).toBe(0);
  });
});
