/**
 * One trading day of the simulator. Each day starts a fresh SimulatedFeed from a plan (the
 * previous closes) with a seed of its own, and never runs into the next day: a day is then a
 * function of (seed, date, plan), so a standby that reads the plan replays the active feed's
 * day exactly and continues it without a jump. See README.md, "Failover".
 */
import {
  classifySymbol,
  decimalToCents,
  exchangeCalendar,
  shanghaiDate,
  shanghaiDayStart,
} from '@bourse/shared';
import { z } from 'zod';
import {
  type FeedClock,
  type IndexQuote,
  type PhaseChange,
  type Quote,
  SimulatedFeed,
  type Trade,
  type Universe,
} from '../feed/index.ts';
import { type ListedIssue, newListing } from '../feed/universe/newListing.ts';

const listedIssueSchema = z.object({
  code: z.string(),
  name: z.string(),
  price: z.string(),
  onlineShares: z.number().int().positive(),
  listingDate: z.string(),
});

export const dayPlanSchema = z.object({
  tradingDate: z.string(),
  /** Previous close of each listing in cents: the universe's in its order, then the new listings'. */
  prevCloses: z.array(z.number().int().positive()),
  /** Previous close of each index in points, in universe order. */
  indexPrevCloses: z.array(z.number().positive()),
  /** Issues listed by this day (listing date, then code), trading after the universe's listings. */
  newListings: z.array(listedIssueSchema).default([]),
});
export type DayPlan = z.infer<typeof dayPlanSchema>;

/** What one pump produced. */
export interface DayEvents {
  quotes: Quote[];
  indices: IndexQuote[];
  trades: Trade[];
  phases: PhaseChange[];
  /** The simulator's state at the instant a pump was asked to checkpoint (SimulatedFeed.pump). */
  checkpoint?: Buffer;
}

/** The trading day a market instant belongs to: that date, or the next trading day when closed all day. */
export function tradingDateAt(instant: number): string {
  const date = shanghaiDate(instant);
  return exchangeCalendar.isTradingDay(date) ? date : exchangeCalendar.nextTradingDay(date);
}

/**
 * The day's universe: the listings with the plan's previous closes, then the plan's new listings
 * (appended, so the indices' constituents keep their positions).
 */
export function universeOf(universe: Universe, plan: DayPlan): Universe {
  return {
    listings: [...universe.listings, ...plan.newListings.map(newListing)].map((l, i) => ({
      ...l,
      prevCloseCents: plan.prevCloses[i] ?? l.prevCloseCents,
    })),
    indices: universe.indices.map((d, j) => ({ ...d, baseLevel: plan.indexPrevCloses[j] ?? d.baseLevel })),
  };
}

/**
 * True when a stored plan was made for this universe (its size and indices), and after the move to
 * simulated codes (a plan from before lists issues under real codes, which never list now).
 */
export function planFits(plan: DayPlan, universe: Universe): boolean {
  return (
    plan.prevCloses.length === universe.listings.length + plan.newListings.length &&
    plan.indexPrevCloses.length === universe.indices.length &&
    plan.newListings.every((l) => classifySymbol(l.code)?.simulated)
  );
}

/**
 * Issues that list by `tradingDate` and are in neither the universe nor `listed`, in listing
 * order (date, then code). An issue under a code the universe trades, or under a real code (the
 * simulator lists invented companies on simulated codes only, ADR 0014), is left out: the
 * pipeline never makes one, an operator might.
 */
export function joiningOn(
  tradingDate: string,
  universe: Universe,
  listed: readonly ListedIssue[],
  issues: readonly ListedIssue[],
): ListedIssue[] {
  const taken = new Set([...universe.listings.map((l) => l.symbol), ...listed.map((l) => l.code)]);
  const key = (i: ListedIssue) => `${i.listingDate}/${i.code}`;
  return issues
    .filter((i) => i.listingDate <= tradingDate && !taken.has(i.code) && classifySymbol(i.code)?.simulated)
    .map(({ code, name, price, onlineShares, listingDate }) => ({
      code,
      name,
      price,
      onlineShares,
      listingDate,
    }))
    .sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

/** The first day's plan: the universe's own previous closes, and the issues listed by then at their price. */
export function initialPlan(
  universe: Universe,
  tradingDate: string,
  issues: readonly ListedIssue[] = [],
): DayPlan {
  const newListings = joiningOn(tradingDate, universe, [], issues);
  return {
    tradingDate,
    prevCloses: [
      ...universe.listings.map((l) => l.prevCloseCents),
      ...newListings.map((i) => decimalToCents(i.price)),
    ],
    indexPrevCloses: universe.indices.map((d) => d.baseLevel),
    newListings,
  };
}

/** The trading day after a finished day's last quotes. */
export function nextTradingDate(quotes: readonly Quote[], indices: readonly IndexQuote[]): string {
  const last = quotes[0]?.time ?? indices[0]?.time ?? 0;
  return exchangeCalendar.nextTradingDay(shanghaiDate(last));
}

/**
 * The next trading day's plan from a finished day (its plan and last quotes, in the day's
 * universe order): the same listings at their closes, then the issues that list by the next day
 * at their issue price.
 */
export function nextPlan(
  universe: Universe,
  finished: DayPlan,
  quotes: readonly Quote[],
  indices: readonly IndexQuote[],
  issues: readonly ListedIssue[] = [],
): DayPlan {
  const tradingDate = nextTradingDate(quotes, indices);
  const joining = joiningOn(tradingDate, universe, finished.newListings, issues);
  return {
    tradingDate,
    prevCloses: [
      ...quotes.map((q) => decimalToCents(q.price)),
      ...joining.map((i) => decimalToCents(i.price)),
    ],
    indexPrevCloses: indices.map((i) => decimalToCents(i.value) / 100),
    newListings: [...finished.newListings, ...joining],
  };
}

export class SimulatedDay {
  readonly feed: SimulatedFeed;
  readonly tradingDate: string;
  /** The day's listings (the new ones after the universe's) and indices, at the plan's previous closes. */
  readonly universe: Universe;
  /** The last market instant of the day's calendar date: the simulation never passes it. */
  readonly end: number;
  private cap: number;
  private events: DayEvents = { quotes: [], indices: [], trades: [], phases: [] };

  constructor(
    private readonly clock: FeedClock,
    universe: Universe,
    seed: string,
    plan: DayPlan,
    gridMs?: number,
  ) {
    this.tradingDate = plan.tradingDate;
    this.universe = universeOf(universe, plan);
    // Asia/Shanghai has no daylight saving: every day is 24 hours long.
    this.end = shanghaiDayStart(plan.tradingDate) + 86_400_000 - 1;
    this.cap = this.end;
    const capped: FeedClock = {
      simulated: clock.simulated,
      marketNow: () => Math.min(clock.marketNow(), this.cap),
      wallNow: () => clock.wallNow(),
    };
    this.feed = new SimulatedFeed({
      clock: capped,
      seed: `${seed}:${plan.tradingDate}`,
      universe: this.universe,
      gridMs,
    });
    // A pump emits each kind of batch once.
    this.feed.onQuotes((batch) => {
      this.events.quotes = batch;
    });
    this.feed.onIndices((batch) => {
      this.events.indices = batch;
    });
    this.feed.onTrades((batch) => {
      this.events.trades = batch;
    });
    this.feed.onPhase((change) => this.events.phases.push(change));
  }

  /** True once the clock has left the day's calendar date. */
  get over(): boolean {
    return this.clock.marketNow() > this.end;
  }

  /** Replays the day up to (and including) market instant `until` without producing events. */
  async replaySilently(until: number): Promise<void> {
    this.cap = Math.min(until, this.end);
    await this.feed.start();
    // start() also sets its own publishing timer; the feed service pumps the day itself.
    await this.feed.stop();
  }

  /** Advances to the clock, or to `until` if earlier, and returns what happened (see SimulatedFeed.pump). */
  pump(
    until = Number.POSITIVE_INFINITY,
    options: { quotes?: boolean; checkpointAt?: number } = {},
  ): DayEvents {
    this.cap = Math.min(until, this.end);
    const checkpoint = this.feed.pump(options);
    const events = checkpoint ? { ...this.events, checkpoint } : this.events;
    this.events = { quotes: [], indices: [], trades: [], phases: [] };
    return events;
  }
}
