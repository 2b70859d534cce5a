/**
 * What a feed taking over needs to continue the market where the last one left it: the demo
 * clock's anchor and each day's plan, kept in Redis, and PostgreSQL's history when Redis has
 * lost them. Only the lock holder writes them.
 */

import { ipos } from '@bourse/core/ipo';
import { dayBarRange, dayBarsOn } from '@bourse/core/market/history';
import type { Db } from '@bourse/core/platform';
import {
  exchangeCalendar,
  FEED_KEYS,
  feedStatusMessageSchema,
  type MarketStatus,
  parseJson,
  shanghaiMinuteOfDay,
} from '@bourse/shared';
import { lte } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { type DemoClock, demoClock, exchangeClock, type FeedClock, type Universe } from '../feed/index.ts';
import type { ListedIssue } from '../feed/universe/newListing.ts';
import type { SealState } from './seals.ts';
import { type DayPlan, dayPlanSchema, initialPlan, planFits, tradingDateAt } from './simulatedDay.ts';

const FEED_STATE_KEYS = {
  /** The demo clock every feed of this deployment runs on: {anchor, firstDate, cycleMs}. */
  clock: 'market:feed:clock',
  /** A trading day's plan (its previous closes). */
  plan: (tradingDate: string) => `market:feed:plan:${tradingDate}`,
  /** The running day's newest simulator checkpoint (feed/checkpoint.ts), binary. */
  checkpoint: 'market:feed:checkpoint',
  /** A trading day's seals on the limit lists (seals.ts): field `symbol:side`, a SealState as JSON. */
  seals: (tradingDate: string) => `market:feed:seals:${tradingDate}`,
} as const;

const PLAN_TTL_SECONDS = 7 * 86_400;
/** A checkpoint serves the day it was taken on; after a day nobody can resume from it. */
const CHECKPOINT_TTL_SECONDS = 86_400;

/** A day's seals serve that day only; the margin covers an exchange-calendar day and a late takeover. */
const SEALS_TTL_SECONDS = 2 * 86_400;

const sealStateSchema = z.object({
  first: z.number(),
  last: z.number(),
  breaks: z.number().int().nonnegative(),
  sealed: z.boolean(),
});

const clockStateSchema = z.object({
  anchor: z.number(),
  firstDate: z.string(),
  cycleMs: z.number().positive(),
});

export class FeedState {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly db: Db,
  ) {}

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  /**
   * The clock to run on. A stored demo clock is kept while it continues the last published
   * status (a failover, or a restart within a day); after a longer stop the market resumes
   * where it stopped instead of skipping the days it was down. Without any trace, a new
   * market opens at 09:35 on the day after the stored history (or today).
   */
  async clock(kind: 'demo' | 'exchange', cycleMs?: number): Promise<FeedClock> {
    if (kind === 'exchange') return exchangeClock();
    const [storedText, statusText] = await this.redis.mget(
      this.key(FEED_STATE_KEYS.clock),
      this.key(FEED_KEYS.statusKey),
    );
    const stored = parseJson(clockStateSchema, storedText);
    const status = parseJson(feedStatusMessageSchema, statusText);
    if (stored && (cycleMs === undefined || stored.cycleMs === cycleMs)) {
      const clock = demoClock(stored);
      if (!status || tradingDateAt(clock.marketNow()) <= exchangeCalendar.nextTradingDay(status.tradingDate))
        return clock;
    }
    const clock = status
      ? resumeAt(status, cycleMs)
      : demoClock({ firstDate: await this.firstNewDay(), cycleMs });
    await storeDemoClock(this.redis, this.prefix, clock);
    return clock;
  }

  /**
   * A trading day's plan: the stored one, else the last stored closes, else the universe's.
   * The first plan stored for a day is the one every feed uses for it.
   */
  async plan(tradingDate: string, universe: Universe): Promise<DayPlan> {
    const stored = await this.storedPlan(tradingDate, universe);
    if (stored) return stored;
    const issues = await this.issuesListedBy(tradingDate);
    return this.savePlan(
      (await this.planFromHistory(tradingDate, universe, issues)) ??
        initialPlan(universe, tradingDate, issues),
    );
  }

  /**
   * The new issues that list by `tradingDate`, whatever their status: the listing date alone
   * decides, so every feed planning the day lists the same ones.
   */
  async issuesListedBy(tradingDate: string): Promise<ListedIssue[]> {
    return this.db
      .select({
        code: ipos.code,
        name: ipos.name,
        price: ipos.price,
        onlineShares: ipos.onlineShares,
        listingDate: ipos.listingDate,
      })
      .from(ipos)
      .where(lte(ipos.listingDate, tradingDate));
  }

  /** Stores a plan unless one exists for its day; returns the one stored. */
  async savePlan(plan: DayPlan): Promise<DayPlan> {
    const key = this.key(FEED_STATE_KEYS.plan(plan.tradingDate));
    await this.redis.set(key, JSON.stringify(plan), 'EX', PLAN_TTL_SECONDS, 'NX');
    return parseJson(dayPlanSchema, await this.redis.get(key)) ?? plan;
  }

  /** The newest simulator checkpoint, whatever its day (the reader checks). */
  async checkpoint(): Promise<Buffer | null> {
    return this.redis.getBuffer(this.key(FEED_STATE_KEYS.checkpoint));
  }

  async saveCheckpoint(bytes: Buffer): Promise<void> {
    await this.redis.set(this.key(FEED_STATE_KEYS.checkpoint), bytes, 'EX', CHECKPOINT_TTL_SECONDS);
  }

  /** The day's seal states as the last feed stored them; what does not parse is left out. */
  async seals(tradingDate: string): Promise<[string, SealState][]> {
    const hash = await this.redis.hgetall(this.key(FEED_STATE_KEYS.seals(tradingDate)));
    return Object.entries(hash).flatMap(([field, text]) => {
      const state = parseJson(sealStateSchema, text);
      return state ? [[field, state] as [string, SealState]] : [];
    });
  }

  /** Stores the seal states that changed; a new day's key starts empty, so the lists reset. */
  async saveSeals(tradingDate: string, changed: readonly [string, SealState][]): Promise<void> {
    if (changed.length === 0) return;
    const key = this.key(FEED_STATE_KEYS.seals(tradingDate));
    await this.redis
      .multi()
      .hset(key, Object.fromEntries(changed.map(([field, state]) => [field, JSON.stringify(state)])))
      .expire(key, SEALS_TTL_SECONDS)
      .exec();
  }

  private async storedPlan(tradingDate: string, universe: Universe): Promise<DayPlan | undefined> {
    const plan = parseJson(dayPlanSchema, await this.redis.get(this.key(FEED_STATE_KEYS.plan(tradingDate))));
    return plan && planFits(plan, universe) ? plan : undefined;
  }

  private async planFromHistory(
    tradingDate: string,
    universe: Universe,
    issues: readonly ListedIssue[],
  ): Promise<DayPlan | undefined> {
    const range = await dayBarRange(this.db);
    if (!range || range.last >= tradingDate) return undefined;
    const closes = await dayBarsOn(this.db, range.last);
    const close = (symbol: string) => closes.get(symbol)?.close;
    // A new listing without a stored close has not traded yet: its previous close is the issue price.
    const { newListings, prevCloses } = initialPlan(universe, tradingDate, issues);
    const base = universe.listings.length;
    return {
      tradingDate,
      newListings,
      prevCloses: [
        ...universe.listings.map((l) => close(l.symbol) ?? l.prevCloseCents),
        ...newListings.map((l, k) => close(l.code) ?? prevCloses[base + k]!),
      ],
      indexPrevCloses: universe.indices.map((d) => {
        const cents = close(d.symbol);
        return cents === undefined ? d.baseLevel : cents / 100;
      }),
    };
  }

  private async firstNewDay(): Promise<string | undefined> {
    const range = await dayBarRange(this.db);
    return range ? exchangeCalendar.nextTradingDay(range.last) : undefined;
  }
}

/**
 * Stores the demo clock the next feed of the deployment under `prefix` starts on. FeedState.clock
 * keeps it while it runs at most one trading day past the last published status, so a stopped
 * market can be opened on the next trading day at a chosen time (the order benchmark's second day).
 */
export async function storeDemoClock(redis: Redis, prefix: string, clock: DemoClock): Promise<void> {
  await redis.set(
    `${prefix}${FEED_STATE_KEYS.clock}`,
    JSON.stringify({ anchor: clock.anchor, firstDate: clock.firstDate, cycleMs: clock.cycleMs }),
  );
}

/** A demo clock that resumes a stopped market on its trading day, at the minute after its last status. */
function resumeAt(status: MarketStatus, cycleMs: number | undefined): DemoClock {
  // A demo day runs from 09:00 to midnight.
  const minute = Math.min(24 * 60 - 1, Math.max(9 * 60, shanghaiMinuteOfDay(status.time) + 1));
  const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return demoClock({ firstDate: status.tradingDate, startAt: hhmm, cycleMs });
}
