import { centsToDecimal } from '@bourse/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RankCalculator, rankListsOf } from './ranks.ts';
import {
  type LimitStreaks,
  limitRowsOf,
  type PublishedBatch,
  SEAL_CHANGE_WINDOW_MS,
  type SealState,
  SealTracker,
} from './seals.ts';
import { type ListQuote, quoteOnTen } from './testing/listQuotes.ts';

/** 09:30:00 on a market day, as the feed's `time`. */
const T0 = Date.parse('2026-11-27T01:30:00Z');
const sec = (s: number) => T0 + s * 1000;

type Quoted = ListQuote;

/** A quote at second `s` with `seal` shares queued at whichever limit `price` is at. */
function quote(symbol: string, price: number, seal: number, s: number): Quoted {
  return quoteOnTen(symbol, price, {
    bids:
      price === 1100
        ? [{ price: '11.00', volume: seal }]
        : [{ price: centsToDecimal(price - 1), volume: 100 }],
    asks:
      price === 900 ? [{ price: '9.00', volume: seal }] : [{ price: centsToDecimal(price + 1), volume: 100 }],
    time: sec(s),
  });
}

const NO_STREAKS: LimitStreaks = new Map();

/** A rank calculator and a seal tracker fed the same publishes, as the feed runs them. */
function feed(streaks = NO_STREAKS, restored: [string, SealState][] = []) {
  const ranks = new RankCalculator();
  const seals = new SealTracker(streaks, restored);
  return {
    seals,
    /** Publishes at second `s`; the limit lists with their seal columns. */
    publish(s: number, quotes: Quoted[]) {
      ranks.apply(quotes);
      seals.apply(quotes, sec(s));
      const rows = ranks.rows();
      return { up: seals.rows(rows.limitUp, 'up'), down: seals.rows(rows.limitDown, 'down') };
    },
  };
}

describe('seal times, breaks and amount', () => {
  it('keeps the first seal, moves the last seal to each re-seal and counts the breaks', () => {
    const f = feed();
    f.publish(0, [quote('604001', 1090, 0, 0)]);
    f.publish(10, [quote('604001', 1100, 500, 9)]); // sealed 09:30:09
    f.publish(20, [quote('604001', 1100, 0, 18)]); // queue eaten at the limit: break 1
    f.publish(30, [quote('604001', 1100, 300, 27)]); // re-sealed 09:30:27
    f.publish(40, [quote('604001', 1095, 0, 38)]); // price off the limit: break 2
    const { up } = f.publish(50, [quote('604001', 1100, 800, 49)]); // re-sealed 09:30:49
    // 800 × 11.00 = 8,800.00; its change is unknown until the tracker has watched a whole minute.
    expect(up).toEqual([
      expect.objectContaining({
        symbol: '604001',
        sealVolume: 800,
        sealAmount: '8800.00',
        sealAmountChange: null,
        firstSealTime: sec(9),
        lastSealTime: sec(49),
        sealBreaks: 2,
        limitDays: 1,
      }),
    ]);
  });

  it('gives the last seal as the first when the seal never broke', () => {
    const { down } = feed().publish(5, [quote('604002', 900, 7000, 4)]);
    // 7,000 × 9.00 = 63,000.00
    expect(down[0]).toMatchObject({
      firstSealTime: sec(4),
      lastSealTime: sec(4),
      sealBreaks: 0,
      sealAmount: '63000.00',
    });
  });

  it('lists a name at the limit that never sealed with no seal times', () => {
    const q = { ...quote('604003', 1100, 0, 3), bids: [{ price: '10.99', volume: 300 }] };
    const { up } = feed().publish(5, [q]);
    expect(up[0]).toMatchObject({
      sealAmount: '0.00',
      firstSealTime: null,
      lastSealTime: null,
      sealBreaks: 0,
    });
  });

  it('measures the change of the seal amount against one minute of market time before', () => {
    const f = feed();
    f.publish(0, [quote('604001', 1100, 1000, 0)]); // 11,000.00
    f.publish(30, [quote('604001', 1100, 1500, 30)]); // 16,500.00
    // At 09:31:10 the amount at 09:30:10 was 11,000.00: 13,200.00 − 11,000.00.
    expect(f.publish(70, [quote('604001', 1100, 1200, 70)]).up[0]?.sealAmountChange).toBe('2200.00');
    // No new quote by 09:31:40: the window starts at 09:30:40, when it was 16,500.00.
    expect(f.publish(100, []).up[0]?.sealAmountChange).toBe('-3300.00');
    // By 09:32:20 it has held 13,200.00 for the whole minute.
    expect(f.publish(140, []).up[0]?.sealAmountChange).toBe('0.00');
    expect(SEAL_CHANGE_WINDOW_MS).toBe(60_000);
  });

  it('counts the sealing of a name that was below the limit a minute ago as all new', () => {
    const f = feed();
    f.publish(0, [quote('604001', 1050, 0, 0)]);
    expect(f.publish(65, [quote('604001', 1100, 400, 65)]).up[0]?.sealAmountChange).toBe('4400.00');
  });

  it('counts today in the streak of days at the limit, each side its own', () => {
    const streaks: LimitStreaks = new Map([
      ['604001', { up: 2, down: 0 }],
      ['604002', { up: 0, down: 4 }],
    ]);
    const { up, down } = feed(streaks).publish(1, [
      quote('604001', 1100, 100, 1),
      quote('604002', 900, 100, 1),
    ]);
    expect(up.map((r) => r.limitDays)).toEqual([3]);
    expect(down.map((r) => r.limitDays)).toEqual([5]);
  });

  it('continues from the stored states after a restart, and a new day starts from none', () => {
    const before = feed();
    before.publish(0, [quote('604001', 1100, 100, 0)]);
    before.publish(10, [quote('604001', 1090, 0, 10)]); // break 1
    const stored = before.seals.takeChanged();
    expect(stored).toEqual([['604001:up', { first: sec(0), last: sec(0), breaks: 1, sealed: false }]]);
    expect(before.seals.takeChanged()).toEqual([]);
    const after = feed(NO_STREAKS, stored).publish(40, [quote('604001', 1100, 900, 35)]);
    expect(after.up[0]).toMatchObject({
      firstSealTime: sec(0),
      lastSealTime: sec(35),
      sealBreaks: 1,
      sealAmountChange: null,
    });
    // The next trading day's key holds nothing: its tracker starts empty.
    const nextDay = feed(NO_STREAKS, []).publish(40, [quote('604001', 1100, 900, 35)]);
    expect(nextDay.up[0]).toMatchObject({ firstSealTime: sec(35), lastSealTime: sec(35), sealBreaks: 0 });
  });
});

const SYMBOLS = ['604001', '604002', '604003', '604004'];

/** A batch: a few symbols' quotes, many of them at a limit, sealed or not; seconds since the last batch. */
const batchArb = fc.record({
  gap: fc.integer({ min: 1, max: 40 }),
  quotes: fc.array(
    fc.record({
      symbol: fc.constantFrom(...SYMBOLS),
      price: fc.constantFrom(900, 950, 1099, 1100),
      seal: fc.constantFrom(0, 100, 200, 300),
      lag: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 6 },
  ),
});

describe('SealTracker', () => {
  // The brute force replays the whole day at every publish: seconds on a busy machine.
  it('equals the brute force over the day’s publishes, restarted from its stored states or not', () => {
    const streakArb = fc.array(fc.tuple(fc.constantFrom(...SYMBOLS), fc.nat(3), fc.nat(3)), { maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(batchArb, { minLength: 1, maxLength: 40 }),
        streakArb,
        fc.nat(40),
        (batches, drawnStreaks, restartAt) => {
          const streaks: LimitStreaks = new Map(
            drawnStreaks.map(([symbol, up, down]) => [symbol, { up, down }]),
          );
          let f = feed(streaks);
          /** What Redis holds: every state stored after a publish. */
          const stored = new Map<string, SealState>();
          const history: PublishedBatch[] = [];
          const latest = new Map<string, Quoted>();
          let observedSince: number | undefined;
          let clock = 0;
          batches.forEach(({ gap, quotes: drawn }, i) => {
            const prev = clock;
            clock += gap;
            // One quote per symbol, its latest, timed after the last publish.
            let quotes = [
              ...new Map(
                drawn.map((d) => [
                  d.symbol,
                  quote(d.symbol, d.price, d.seal, Math.max(prev + 1, clock - d.lag)),
                ]),
              ).values(),
            ];
            if (i === restartAt) {
              // A new process from the stored states publishes every latest quote first, as the feed does.
              f = feed(streaks, [...stored]);
              for (const q of quotes) latest.set(q.symbol, q);
              quotes = [...latest.values()];
              observedSince = sec(clock);
            }
            observedSince ??= sec(clock);
            for (const q of quotes) latest.set(q.symbol, q);
            history.push({ now: sec(clock), quotes });
            const rows = f.publish(clock, quotes);
            for (const [field, state] of f.seals.takeChanged()) stored.set(field, state);
            const base = rankListsOf(latest.values());
            expect(rows.up).toEqual(limitRowsOf(base.limitUp, 'up', history, streaks, observedSince));
            expect(rows.down).toEqual(limitRowsOf(base.limitDown, 'down', history, streaks, observedSince));
          });
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);
});
