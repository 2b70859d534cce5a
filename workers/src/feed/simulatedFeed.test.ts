import { createHash } from 'node:crypto';
import {
  type FeedQuote,
  feedInstrumentsSchema,
  feedQuoteSchema,
  type MarketPhase,
  type TradeTick,
  tradeTickSchema,
} from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { shanghaiMidnight, steppedClock } from './clock.ts';
import { SimulatedFeed } from './simulatedFeed.ts';
import type { Quote, Trade } from './types.ts';
import { generateUniverse } from './universe/universe.ts';

const DAY = '2026-07-06';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);

/** Market instants to pump at: through the opening call, into the lunch break and over the close. */
function schedule(): number[] {
  const instants: number[] = [];
  const every = (from: string, to: string, seconds: number) => {
    for (let t = at(from); t <= at(to); t += seconds * 1000) instants.push(t);
  };
  every('09:10', '09:45', 15);
  every('11:25', '13:05', 60);
  every('14:55', '15:02', 15);
  return instants;
}

interface Recording {
  digest: string;
  quotes: Quote[][];
  trades: Trade[];
  phases: MarketPhase[];
  feed: SimulatedFeed;
}

async function record(seed: number, size = 150): Promise<Recording> {
  const clock = steppedClock(at('09:00'));
  const feed = new SimulatedFeed({ clock, seed, universe: generateUniverse({ seed, size }) });
  await feed.start();
  await feed.stop();
  const hash = createHash('sha256');
  const out: Recording = { digest: '', quotes: [], trades: [], phases: [], feed };
  feed.onQuotes((batch) => {
    hash.update(JSON.stringify(batch));
    out.quotes.push(batch);
  });
  feed.onIndices((batch) => hash.update(JSON.stringify(batch)));
  feed.onTrades((batch) => {
    hash.update(JSON.stringify(batch));
    for (const trade of batch) out.trades.push(trade);
  });
  feed.onPhase((change) => {
    hash.update(JSON.stringify(change));
    out.phases.push(change.phase);
  });
  for (const t of schedule()) {
    clock.set(t);
    feed.pump();
  }
  out.digest = hash.digest('hex');
  return out;
}

describe('SimulatedFeed', async () => {
  const run = await record(7);

  it('is byte-for-byte the same for the same seed and clock, and differs for another seed', async () => {
    expect((await record(7)).digest).toBe(run.digest);
    expect((await record(8)).digest).not.toBe(run.digest);
    // Two full simulated days: seconds on a busy machine.
  }, 60_000);

  it('passes every phase of the day in order', () => {
    expect(run.phases).toEqual([
      'openingCall',
      'openingCallLocked',
      'preContinuous',
      'continuous',
      'lunchBreak',
      'continuous',
      'closingCall',
      'postClose',
    ]);
  });

  it('opens and closes each symbol with exactly one auction print, at 09:25 and 15:00', () => {
    const opens = run.trades.filter((t) => t.kind === 'open');
    const closes = run.trades.filter((t) => t.kind === 'close');
    expect(opens).toHaveLength(150);
    expect(new Set(opens.map((t) => t.symbol)).size).toBe(150);
    expect(opens.every((t) => t.time === at('09:25'))).toBe(true);
    expect(closes).toHaveLength(150);
    expect(closes.every((t) => t.time === at('15:00'))).toBe(true);
    const open = new Map(opens.map((t) => [t.symbol, t.price]));
    const close = new Map(closes.map((t) => [t.symbol, t.price]));
    const final = run.feed.snapshot().quotes;
    for (const q of final) {
      expect(q.open).toBe(open.get(q.symbol));
      expect(q.price).toBe(close.get(q.symbol));
    }
  });

  it('shows the indicative price during the opening call and none after the open', () => {
    const duringCall = run.quotes.flat().filter((q) => q.phase === 'openingCall');
    expect(duringCall.length).toBeGreaterThan(0);
    for (const q of duringCall) {
      expect(q.indicative).not.toBeNull();
      expect(q.open).toBeNull();
    }
    const trading = run.quotes.flat().filter((q) => q.phase === 'continuous');
    expect(trading.every((q) => q.indicative === null && q.open !== null)).toBe(true);
  });

  it('numbers each symbol’s updates without gaps and its trades in order', () => {
    const seqs = new Map<string, number>();
    const gaps: string[] = [];
    for (const q of run.quotes.flat()) {
      const previous = seqs.get(q.symbol) ?? 0;
      if (q.seq !== previous + 1) gaps.push(`${q.symbol} ${previous} → ${q.seq}`);
      seqs.set(q.symbol, q.seq);
    }
    expect(gaps).toEqual([]);
    const tradeSeqs = new Map<string, number>();
    const disorders: string[] = [];
    for (const t of run.trades) {
      if (t.seq <= (tradeSeqs.get(t.symbol) ?? 0)) disorders.push(`${t.symbol} ${t.seq}`);
      tradeSeqs.set(t.symbol, t.seq);
    }
    expect(disorders).toEqual([]);
  });

  it('snapshots every symbol and the three indices, labelled as a simulation', () => {
    const snap = run.feed.snapshot();
    expect(snap.simulated).toBe(true);
    expect(snap.tradingDate).toBe(DAY);
    expect(snap.phase).toBe('postClose');
    expect(snap.quotes).toHaveLength(150);
    expect(snap.indices.map((i) => i.symbol)).toEqual(['sh000001', 'sz399001', 'sz399006']);
    for (const index of snap.indices) {
      expect(index.value).toMatch(/^\d+\.\d{2}$/);
      expect(Math.abs(Number(index.pct))).toBeLessThan(10);
    }
    expect(run.feed.instruments()).toHaveLength(150);
  });

  it('speaks the shared feed contract', () => {
    // Compile time: the feed's types fit the contract's.
    const quotes: FeedQuote[] = run.quotes.flat().filter((_, k) => k % 97 === 0);
    const trades: TradeTick[] = run.trades.filter((_, k) => k % 997 === 0);
    expect(quotes.length).toBeGreaterThan(100);
    for (const q of quotes) expect(() => feedQuoteSchema.parse(q)).not.toThrow();
    for (const t of trades) expect(() => tradeTickSchema.parse(t)).not.toThrow();
    expect(() => feedInstrumentsSchema.parse(run.feed.instruments())).not.toThrow();
  });

  it('catches up with a clock that starts mid-session before going live', async () => {
    const clock = steppedClock(at('10:30'), false);
    const feed = new SimulatedFeed({ clock, seed: 3, universe: generateUniverse({ seed: 3, size: 50 }) });
    await feed.start();
    await feed.stop();
    const snap = feed.snapshot();
    expect(snap.simulated).toBe(false);
    expect(snap.phase).toBe('continuous');
    expect(snap.time).toBe(at('10:30'));
    expect(snap.quotes.every((q) => q.open !== null && q.volume > 0)).toBe(true);
  });
});

describe('a name that runs to its limit', () => {
  it('sticks there with the buy queue on the book and no offers', () => {
    // Many large news jumps, so some names are sealed at limit-up by the afternoon.
    const clock = steppedClock(shanghaiMidnight(DAY));
    const feed = new SimulatedFeed({
      clock,
      seed: 11,
      universe: generateUniverse({ seed: 11, size: 200 }),
      params: { newsProbability: 0.6, newsUpShare: 1, newsMeanExcess: 0.12 },
    });
    clock.set(at('14:30'));
    feed.pump();
    const sealed = feed.snapshot().quotes.filter((q) => q.price === q.limitUp && q.asks.length === 0);
    expect(sealed.length).toBeGreaterThan(3);
    for (const q of sealed) {
      expect(q.bids[0]?.price).toBe(q.limitUp);
      // The queue at the limit dwarfs the levels behind it.
      expect(q.bids[0]!.volume).toBeGreaterThan(q.bids[1]!.volume);
    }
  });
});
