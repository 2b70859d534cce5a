/**
 * One trading day of the simulator. Each day starts a fresh SimulatedFeed from a plan (the
 * previous closes) with a seed of its own, and never runs into the next day: a day is then a
 * function of (seed, date, plan), so a standby that reads the plan replays the active feed's
 * day exactly and continues it without a jump. See README.md, "Failover".
 */
import { decimalToCents, exchangeCalendar, shanghaiDate, shanghaiDayStart } from '@bourse/shared';
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

export const dayPlanSchema = z.object({
  tradingDate: z.string(),
  /** Previous close of each listing in cents, in universe order. */
  prevCloses: z.array(z.number().int().positive()),
  /** Previous close of each index in points, in universe order. */
  indexPrevCloses: z.array(z.number().positive()),
});
export type DayPlan = z.infer<typeof dayPlanSchema>;

/** What one pump produced. */
export interface DayEvents {
  quotes: Quote[];
  indices: IndexQuote[];
  trades: Trade[];
  phases: PhaseChange[];
}

/** The trading day a market instant belongs to: that date, or the next trading day when closed all day. */
export function tradingDateAt(instant: number): string {
  const date = shanghaiDate(instant);
  return exchangeCalendar.isTradingDay(date) ? date : exchangeCalendar.nextTradingDay(date);
}

function universeFor(universe: Universe, plan: DayPlan): Universe {
  return {
    listings: universe.listings.map((l, i) => ({
      ...l,
      prevCloseCents: plan.prevCloses[i] ?? l.prevCloseCents,
    })),
    indices: universe.indices.map((d, j) => ({ ...d, baseLevel: plan.indexPrevCloses[j] ?? d.baseLevel })),
  };
}

/** The first day's plan: the universe's own previous closes. */
export function initialPlan(universe: Universe, tradingDate: string): DayPlan {
  return {
    tradingDate,
    prevCloses: universe.listings.map((l) => l.prevCloseCents),
    indexPrevCloses: universe.indices.map((d) => d.baseLevel),
  };
}

/** The next trading day's plan from a finished day's last quotes (in universe order). */
export function nextPlan(quotes: readonly Quote[], indices: readonly IndexQuote[]): DayPlan {
  const last = quotes[0]?.time ?? indices[0]?.time ?? 0;
  return {
    tradingDate: exchangeCalendar.nextTradingDay(shanghaiDate(last)),
    prevCloses: quotes.map((q) => decimalToCents(q.price)),
    indexPrevCloses: indices.map((i) => decimalToCents(i.value) / 100),
  };
}

export class SimulatedDay {
  readonly feed: SimulatedFeed;
  readonly tradingDate: string;
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
      universe: universeFor(universe, plan),
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
  pump(until = Number.POSITIVE_INFINITY, options: { quotes?: boolean } = {}): DayEvents {
    this.cap = Math.min(until, this.end);
    this.feed.pump(options);
    const events = this.events;
    this.events = { quotes: [], indices: [], trades: [], phases: [] };
    return events;
  }
}
