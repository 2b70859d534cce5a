import assert from 'node:assert/strict';
import { Dec, isOnTickGrid, type MarketPhase, phaseAt, shanghaiMinuteOfDay } from '@bourse/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shanghaiMidnight } from './clock.ts';
import { MarketSimulator } from './simulator.ts';
import type { Quote, TradeKind } from './types.ts';
import { generateUniverse } from './universe/universe.ts';

const HOUR = 3_600_000;
const PRICE = /^\d+\.\d{2}$/;
const CALLS: readonly MarketPhase[] = ['openingCall', 'openingCallLocked', 'closingCall'];

/** Integer cents of a wire price; the pattern check comes first, so this is exact. */
const cents = (price: string) => Math.round(Number(price) * 100);

/** Everything a quote promises: band, tick grid, whole lots, an uncrossed book. */
function checkQuote(q: Quote): void {
  for (const p of [q.price, q.open, q.high, q.low, q.prevClose, q.limitUp, q.limitDown]) {
    if (p !== null) assert.match(p, PRICE);
  }
  assert.ok(isOnTickGrid(new Dec(q.price), 'stock'));
  const [up, down] = [cents(q.limitUp!), cents(q.limitDown!)];
  const inBand = (p: string) => cents(p) >= down && cents(p) <= up;
  for (const p of [q.price, q.open, q.high, q.low])
    if (p !== null) assert.ok(inBand(p), `${q.symbol} ${p} out of band`);
  if (q.open !== null) assert.ok(cents(q.low!) <= cents(q.price) && cents(q.price) <= cents(q.high!));
  assert.equal(q.volume % 100, 0);
  for (const level of [...q.bids, ...q.asks]) {
    assert.ok(inBand(level.price), `${q.symbol} book level ${level.price} out of band`);
    assert.ok(level.volume > 0 && level.volume % 100 === 0);
  }
  assert.ok(q.bids.length <= 5 && q.asks.length <= 5);
  const bids = q.bids.map((l) => cents(l.price));
  const asks = q.asks.map((l) => cents(l.price));
  for (let k = 1; k < bids.length; k++) assert.ok(bids[k]! < bids[k - 1]!);
  for (let k = 1; k < asks.length; k++) assert.ok(asks[k]! > asks[k - 1]!);
  const [bid, ask] = [bids[0], asks[0]];
  if (q.indicative) {
    // A call auction shows the indicative price on both sides.
    assert.ok(CALLS.includes(q.phase));
    assert.equal(q.bids[0]?.price, q.indicative.price);
    assert.equal(q.asks[0]?.price, q.indicative.price);
  } else if (bid !== undefined && ask !== undefined) {
    assert.ok(bid < ask, `${q.symbol} crossed book ${bid} ≥ ${ask}`);
  } else if (q.open !== null) {
    // One side empty: sealed at a limit, and the other side queues at it.
    if (ask === undefined) assert.equal(q.bids[0]?.price, q.limitUp);
    if (bid === undefined) assert.equal(q.asks[0]?.price, q.limitDown);
  }
}

const minutePhases = new Map<number, MarketPhase>();
/** phaseAt, memoised per minute: the trades of a run are many and phases change on whole minutes. */
function phaseOfMinute(time: number): MarketPhase {
  const minute = time - (time % 60_000);
  let phase = minutePhases.get(minute);
  if (phase === undefined) {
    phase = phaseAt(minute);
    minutePhases.set(minute, phase);
  }
  return phase;
}

interface TradeRecord {
  i: number;
  price: number;
  volume: number;
  time: number;
  kind: TradeKind;
  limitUp: number;
  limitDown: number;
  date: string;
}

describe('MarketSimulator properties', () => {
  it('keeps prices in band and on the grid, lots whole, trades in session, books uncrossed, one open a day', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(1_000, 3_000, 6_000, 15_000),
        fc.integer({ min: 45, max: 600 }),
        fc.constantFrom('2025-12-31', '2026-03-02', '2026-07-06'),
        fc.boolean(),
        (seed, gridMs, sampleSeconds, startDate, eventful) => {
          const universe = generateUniverse({ seed, size: 40 });
          // An eventful market sends many names to their limits, to exercise sealed books.
          const params = eventful ? { newsProbability: 0.5, newsMeanExcess: 0.1 } : {};
          const start = shanghaiMidnight(startDate);
          const sim = new MarketSimulator({ universe, seed, start, gridMs, params });
          const trades: TradeRecord[] = [];
          const closes = new Map<string, Int32Array>();
          const observer = {
            onTrade(i: number, price: number, volume: number, _side: 1 | -1, time: number, kind: TradeKind) {
              const [limitUp, limitDown] = [sim.limitUp[i]!, sim.limitDown[i]!];
              trades.push({ i, price, volume, time, kind, limitUp, limitDown, date: sim.tradingDate });
            },
            onPhase(change: { phase: MarketPhase; tradingDate: string }) {
              if (change.phase === 'postClose') closes.set(change.tradingDate, sim.last.slice());
              if (change.phase === 'preOpen' && closes.size > 0) {
                // Rollover: the previous close is yesterday's close.
                const yesterday = [...closes.values()].at(-1)!;
                sim.quotes(0).forEach((q, i) => {
                  assert.equal(cents(q.prevClose), yesterday[i]);
                  assert.equal(q.open, null);
                });
                rollovers++;
              }
            },
          };
          let rollovers = 0;
          for (const day of [0, 1]) {
            const midnight = shanghaiMidnight(startDate) + day * 24 * HOUR;
            sim.advanceTo(midnight + 9 * HOUR, observer);
            for (let t = midnight + 9 * HOUR; t <= midnight + 15.2 * HOUR; t += sampleSeconds * 1000) {
              sim.advanceTo(t, observer);
              for (const q of sim.quotes(t)) checkQuote(q);
            }
          }
          // 2026-01-01 is a holiday: a run starting on 2025-12-31 trades one day of the two.
          expect(rollovers).toBe(startDate === '2025-12-31' ? 0 : 1);

          const opens = new Map<string, number>();
          for (const t of trades) {
            assert.ok(t.volume > 0 && t.volume % 100 === 0, `volume ${t.volume}`);
            assert.ok(Number.isInteger(t.price) && t.price >= t.limitDown && t.price <= t.limitUp);
            if (t.kind === 'continuous') assert.equal(phaseOfMinute(t.time), 'continuous');
            else {
              assert.equal(t.time % 60_000, 0);
              assert.equal(shanghaiMinuteOfDay(t.time), t.kind === 'open' ? 9 * 60 + 25 : 15 * 60);
            }
            const key = `${t.date}/${t.i}`;
            if (t.kind === 'open') opens.set(key, (opens.get(key) ?? 0) + 1);
            // No continuous trade before the day's open.
            else assert.equal(opens.get(key), 1);
          }
          const tradingDays = new Set(trades.map((t) => t.date));
          expect(opens.size).toBe(tradingDays.size * universe.listings.length);
          expect([...opens.values()].every((n) => n === 1)).toBe(true);
        },
      ),
      { numRuns: 10 },
    );
  }, 60_000);
});
