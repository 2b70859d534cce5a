import { createHash } from 'node:crypto';
import { exchangeCalendar, shanghaiDayStart } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { steppedClock } from '../feed/clock.ts';
import { generateUniverse } from '../feed/index.ts';
import type { ListedIssue } from '../feed/universe/newListing.ts';
import { type DayPlan, initialPlan, nextPlan, planFits, SimulatedDay } from './simulatedDay.ts';

const universe = generateUniverse({ seed: 7, size: 200 });
const taken = new Set(universe.listings.map((l) => l.symbol));
/** Thursday: the listing day of the issues below. */
const LISTING = '2026-07-16';
const issue = (code: string, listingDate: string, price: string): ListedIssue => ({
  code,
  name: code.startsWith('304') ? '恒瑞智能' : '华鑫电子',
  price,
  onlineShares: 8_000_000,
  listingDate,
});
const CHINEXT = issue('304999', LISTING, '21.50');
const MAIN = issue('607999', LISTING, '9.80');
const LATER = issue('687999', '2026-07-17', '35.00');

/** Runs a day from its plan from 09:20 to 10:00 market time; the day's digest and final snapshot. */
function runDay(plan: DayPlan) {
  const clock = steppedClock(shanghaiDayStart(plan.tradingDate) + (9 * 60 + 20) * 60_000);
  const day = new SimulatedDay(clock, universe, '7', plan);
  const hash = createHash('sha256');
  let trades = 0;
  for (let minute = 0; minute < 40; minute++) {
    clock.advance(60_000);
    const events = day.pump();
    hash.update(JSON.stringify([events.quotes, events.trades, events.indices]));
    trades += events.trades.filter((t) => t.symbol === CHINEXT.code).length;
  }
  return { digest: hash.digest('hex'), snapshot: day.feed.snapshot(), day, trades };
}

// Each test simulates a few mornings of 200 names: seconds on a busy machine.
describe('new issues in the simulated market', { timeout: 60_000 }, () => {
  it('uses codes the universe does not trade', () => {
    for (const i of [CHINEXT, MAIN, LATER]) expect(taken.has(i.code)).toBe(false);
  });

  it('plans the issues listed by the day after the universe, at their issue price', () => {
    const clash = issue([...taken][0]!, LISTING, '5.00');
    const real = issue('301999', LISTING, '21.50');
    const plan = initialPlan(universe, LISTING, [LATER, MAIN, clash, real, CHINEXT]);
    // 2026-07-17's issue waits for its day; a code the universe trades is never a second listing,
    // and a real code never lists in the simulated market.
    expect(plan.newListings.map((l) => l.code)).toEqual(['304999', '607999']);
    expect(plan.prevCloses.slice(universe.listings.length)).toEqual([2150, 980]);
    expect(planFits(plan, universe)).toBe(true);
    expect(planFits({ ...plan, newListings: [] }, universe)).toBe(false);
    const beforeTheMove = { ...plan, newListings: [{ ...plan.newListings[0]!, code: '301999' }, MAIN] };
    expect(planFits(beforeTheMove, universe)).toBe(false);
  });

  it('keeps a listing on the next days at its close and adds the next day’s issues', () => {
    const plan = initialPlan(universe, LISTING, [CHINEXT, MAIN]);
    const { quotes, indices } = runDay(plan).snapshot;
    const next = nextPlan(universe, plan, quotes, indices, [CHINEXT, MAIN, LATER]);
    expect(next.tradingDate).toBe('2026-07-17');
    expect(next.newListings.map((l) => l.code)).toEqual(['304999', '607999', '687999']);
    const close = quotes.find((q) => q.symbol === CHINEXT.code)!.price;
    expect(next.prevCloses.at(-3)).toBe(Math.round(Number(close) * 100));
    expect(next.prevCloses.at(-1)).toBe(3500);
    expect(planFits(next, universe)).toBe(true);
  });

  it('quotes and trades a new listing from its listing day at the issue price, without a band', () => {
    const { snapshot, day, trades } = runDay(initialPlan(universe, LISTING, [CHINEXT, MAIN]));
    const quote = snapshot.quotes.find((q) => q.symbol === CHINEXT.code)!;
    expect(quote).toMatchObject({ prevClose: '21.50', limitUp: null, limitDown: null, board: 'chinext' });
    expect(quote.volume).toBeGreaterThan(0);
    expect(trades).toBeGreaterThan(0);
    // Registration-based main-board issues (since 2023-04-10) have no band on their first days either.
    expect(snapshot.quotes.find((q) => q.symbol === MAIN.code)).toMatchObject({
      prevClose: '9.80',
      limitUp: null,
    });
    expect(day.feed.instruments().find((i) => i.symbol === CHINEXT.code)).toMatchObject({
      name: '恒瑞智能',
      exchange: 'SZSE',
      board: 'chinext',
      initials: 'HRZN',
    });
  });

  it('gives it the board’s band from its sixth trading day', () => {
    const fifth = exchangeCalendar.addTradingDays(LISTING, 4);
    const sixth = exchangeCalendar.addTradingDays(LISTING, 5);
    expect([fifth, sixth]).toEqual(['2026-07-22', '2026-07-23']);
    const quoteOn = (date: string) =>
      runDay(initialPlan(universe, date, [CHINEXT])).snapshot.quotes.find((q) => q.symbol === CHINEXT.code)!;
    expect(quoteOn(fifth).limitUp).toBeNull();
    // ChiNext ±20% of the previous close (here the issue price, as no close is planned): 21.50 × 1.2, × 0.8
    expect(quoteOn(sixth)).toMatchObject({ limitUp: '25.80', limitDown: '17.20' });
  });

  it('makes the same market from the same seed and the same issues', () => {
    const plan = initialPlan(universe, LISTING, [CHINEXT, MAIN]);
    expect(runDay(plan).digest).toBe(runDay(plan).digest);
    expect(runDay(plan).digest).not.toBe(runDay(initialPlan(universe, LISTING, [CHINEXT])).digest);
  });
});
