/**
 * The feed while it holds the lock: runs the simulated market day by day, numbers and
 * publishes what it produces, keeps the rankings and the minute bars, and stores each day at
 * its close. Taking over, it continues what the previous holder published (see README.md).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Database, logger } from '@bourse/core/platform';
import { ThrottledWarning } from '@bourse/core/platform/throttledWarning.ts';
import {
  decimalToCents,
  FEED_KEYS,
  FEED_SHARDS,
  feedRankMessageSchema,
  feedShard,
  type MarketStatus,
  MINUTE_SLOTS,
  parseJson,
  type RankEvent,
  shanghaiDayStart,
  slotEnd,
  slotStart,
} from '@bourse/shared';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { decodeCheckpoint } from '../feed/checkpoint.ts';
import {
  type DemoClock,
  demoClockState,
  type FeedClock,
  type IndexQuote,
  type Quote,
  type Trade,
  type Universe,
} from '../feed/index.ts';
import { enqueueDragonTiger, storeFinishedDay } from './dayClose.ts';
import type { FeedOptions } from './feedOptions.ts';
import { FeedState, storeDemoClock } from './feedState.ts';
import { IndexMinutes } from './indexMinutes.ts';
import { listingLimits, loadLimitStreaks } from './limitStreaks.ts';
import { MinuteBuilder } from './minuteBuilder.ts';
import { FeedPublisher, marketStatus, type Publication } from './publisher.ts';
import { LIVE_RANK_LISTS, type LiveRankList, RankCalculator } from './ranks.ts';
import { type LimitStreaks, SealTracker } from './seals.ts';
import {
  type DayEvents,
  type DayPlan,
  nextPlan,
  nextTradingDate,
  SimulatedDay,
  tradingDateAt,
} from './simulatedDay.ts';
import { reportSkipsDone, type TestClockCommand, takeSkips } from './testClock.ts';

/** Catch-up with trades advances in slices of market time, yielding between them. */
const REPLAY_SLICE_MS = 15 * 60_000;
/** Within a slice it stops every minute, so each index gets a value per minute bar. */
const REPLAY_STEP_MS = 60_000;
/** Trades a taking-over feed republishes at most: those the previous one may not have sent. */
const REPUBLISH_WINDOW_MS = 5 * 60_000;
/** 09:25, the opening auction's print: the day's first trade, in the first minute slot. */
const OPENING_PRINT_MINUTE = 9 * 60 + 25;
const STORE_RETRY_MS = 30_000;
const AFTER_CLOSE: ReadonlySet<MarketStatus['phase']> = new Set(['postClose', 'afterHoursFixed', 'closed']);

/** What numbering on needs of a published quote (stock or index). */
const publishedQuoteSchema = z.object({ symbol: z.string(), seq: z.number().int(), time: z.number() });

export interface ActiveFeedDeps {
  redis: Redis;
  database: Database;
  options: FeedOptions;
  universe: Universe;
  /** Where finished days' dragon-tiger jobs go. */
  dragonTigerQueue: Queue;
}

interface DayRun {
  plan: DayPlan;
  day: SimulatedDay;
  minutes: MinuteBuilder;
  indexMinutes: IndexMinutes;
  ranks: RankCalculator;
  seals: SealTracker;
  phase: MarketStatus['phase'];
  stored: boolean;
  /** The day's storing while it runs: the next day's streaks read its day bars. */
  storing?: Promise<void>;
  /** A failed store is tried again after a while, not on every publish. */
  storeAfter: number;
}

export class ActiveFeed {
  private readonly state: FeedState;
  private readonly publisher: FeedPublisher;
  private clock!: FeedClock;
  private run!: DayRun;
  private readonly quoteSeq = new Map<string, number>();
  private readonly indexSeq = new Map<string, number>();
  private readonly rankPublished = new Map<LiveRankList, { seq: number; text: string }>();
  /** Exchange time of the latest data: quotes' `time`. */
  private marketTime = 0;
  /** Trades up to this exchange time were published by the feed this one took over from. */
  private publishedUpTo = 0;
  private statusPublishedAt = 0;
  /** Real time of the last checkpoint stored. */
  private checkpointedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private readonly background = new Set<Promise<void>>();
  // A Redis outage fails every publish.
  private readonly failures = new ThrottledWarning('feed: publish failed');
  private stopped = false;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: ActiveFeedDeps) {
    const { redis, options, database } = deps;
    this.state = new FeedState(redis, options.redisPrefix, database.db);
    this.publisher = new FeedPublisher(redis, options.redisPrefix, () => this.clock.wallNow());
  }

  /** Takes over: continues the numbering and the day the last feed published, then publishes on a timer. */
  async start(): Promise<void> {
    this.clock = await this.state.clock(this.deps.options.clock, this.deps.options.demoCycleMs);
    await this.loadPublished();
    const plan = await this.state.plan(tradingDateAt(this.clock.marketNow()), this.deps.universe);
    await this.openDay(plan);
    this.timer = setInterval(() => this.tick(), this.deps.options.publishIntervalMs);
  }

  /** Stops publishing; lets the day's storage finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearInterval(this.timer);
    await this.ticking;
    await Promise.allSettled(this.background);
  }

  /** The running day's plan: the backfill makes up a past that ends at its previous closes. */
  get plan(): DayPlan {
    return this.run.plan;
  }

  /** Reads the running day's limit streaks again, once a backfill has made up the days before it. */
  async reloadStreaks(): Promise<void> {
    const { day, seals } = this.run;
    seals.useStreaks(await this.streaksBefore(day));
  }

  /** Each listing's days in a row at its limits before the day, from the stored day bars. */
  private streaksBefore(day: SimulatedDay): Promise<LimitStreaks> {
    return loadLimitStreaks(this.deps.database.db, day.tradingDate, listingLimits(day.universe.listings));
  }

  /** Aborted at stop: work that can be cut short (and resumed by the next start) ends then. */
  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Starts background work that stop() waits for. */
  track(work: Promise<void>, what: string): void {
    const tracked = work
      .catch((err: Error) => logger.error({ err: err.message }, `feed: ${what} failed`))
      .finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  private key(name: string): string {
    return `${this.deps.options.redisPrefix}${name}`;
  }

  /** Sequence numbers and rank lists as last published, so numbering continues without a step back. */
  private async loadPublished(): Promise<void> {
    const pipeline = this.deps.redis.pipeline();
    for (let shard = 0; shard < FEED_SHARDS; shard++)
      pipeline.hgetall(this.key(FEED_KEYS.snapshotHash(shard)));
    pipeline.get(this.key(FEED_KEYS.indicesKey));
    for (const list of LIVE_RANK_LISTS) pipeline.get(this.key(FEED_KEYS.rankKey(list)));
    const results = ((await pipeline.exec()) ?? []).map(([err, value]) => {
      if (err) throw err;
      return value;
    });
    // What a previous feed left in Redis is checked like any input; what does not parse is skipped.
    for (const hash of results.slice(0, FEED_SHARDS) as Record<string, string>[]) {
      for (const [symbol, text] of Object.entries(hash)) {
        const quote = parseJson(publishedQuoteSchema, text);
        if (!quote) continue;
        this.quoteSeq.set(symbol, quote.seq);
        this.publishedUpTo = Math.max(this.publishedUpTo, quote.time);
      }
    }
    for (const q of parseJson(z.array(publishedQuoteSchema), results[FEED_SHARDS] as string | null) ?? []) {
      this.indexSeq.set(q.symbol, q.seq);
    }
    LIVE_RANK_LISTS.forEach((list, i) => {
      const event = parseJson(feedRankMessageSchema, results[FEED_SHARDS + 1 + i] as string | null);
      if (event) this.rankPublished.set(list, { seq: event.seq, text: JSON.stringify(event.rows) });
    });
  }

  /**
   * Starts a trading day: replays it from its plan up to now (silently up to the first minute
   * not yet in Redis, then recording trades into the minute bars) and publishes the full state.
   */
  private async openDay(plan: DayPlan): Promise<void> {
    const { options, universe } = this.deps;
    const date = plan.tradingDate;
    const day = new SimulatedDay(this.clock, universe, options.seed, plan);
    const minutes = new MinuteBuilder(
      date,
      new Map([...this.listingPrevCloses(day.universe), ...this.indexPrevCloses(plan)]),
    );
    const indexMinutes = new IndexMinutes(minutes);
    await this.resumeMinutes(minutes, day.universe);
    const first = minutes.firstIncompleteSlot();
    const replayFrom =
      first === 0
        ? shanghaiDayStart(date) + OPENING_PRINT_MINUTE * 60_000
        : first < MINUTE_SLOTS
          ? slotStart(date, first)
          : slotEnd(date, MINUTE_SLOTS - 1);
    const now = this.clock.marketNow();
    const resumedAt = await this.resumeCheckpoint(day, Math.min(now, replayFrom - 1));
    await day.replaySilently(Math.min(now, replayFrom - 1));
    indexMinutes.baseline(day.feed.snapshot().indices);
    const republish: Trade[] = [];
    const since = Math.max(this.publishedUpTo, now - REPUBLISH_WINDOW_MS);
    // The replay leaves a checkpoint at the last whole minute: the next takeover starts there.
    const checkpointAt = now - (now % 60_000) - 1;
    let checkpoint: Buffer | undefined;
    for (let t = replayFrom - 1; t < now && !this.stopped; ) {
      const sliceEnd = Math.min(now, t + REPLAY_SLICE_MS);
      while (t < sliceEnd) {
        t = Math.min(sliceEnd, t + REPLAY_STEP_MS);
        // The quotes go out whole after the replay: only the slice's last step builds them.
        const events = day.pump(t, { quotes: t === sliceEnd, checkpointAt });
        checkpoint = events.checkpoint ?? checkpoint;
        this.record(minutes, events.trades);
        indexMinutes.record(events.indices);
        if (this.publishedUpTo > 0)
          for (const trade of events.trades) if (trade.time > since) republish.push(trade);
      }
      minutes.completeUntil(t);
      await yieldToEventLoop();
    }

    // The streaks count yesterday, so its day bars must be stored first.
    await this.run?.storing?.catch(() => undefined);
    const [streaks, sealStates] = await Promise.all([this.streaksBefore(day), this.state.seals(date)]);
    const snapshot = day.feed.snapshot();
    this.run = {
      plan,
      day,
      minutes,
      indexMinutes,
      ranks: new RankCalculator(),
      seals: new SealTracker(streaks, sealStates),
      phase: snapshot.phase,
      stored: false,
      storeAfter: 0,
    };
    this.marketTime = Math.max(this.marketTime, snapshot.time);
    const quotes = this.numberQuotes(snapshot.quotes);
    this.run.ranks.apply(quotes);
    this.run.seals.apply(quotes, this.marketTime);
    await this.publisher.publish({
      quotes,
      trades: republish,
      indices: this.numberIndices(snapshot.indices),
      status: this.status(),
      ranks: this.changedRanks(),
      minutes: { tradingDate: date, appends: minutes.takePending() },
      instruments: day.feed.instruments(),
    });
    await this.state.saveSeals(date, this.run.seals.takeChanged());
    this.statusPublishedAt = Date.now();
    if (checkpoint) {
      await this.state.saveCheckpoint(checkpoint);
      this.checkpointedAt = Date.now();
    }
    logger.info(
      {
        tradingDate: date,
        phase: snapshot.phase,
        resumedAt: resumedAt === undefined ? null : new Date(resumedAt).toISOString(),
        replayedFrom: new Date(replayFrom).toISOString(),
      },
      'feed: day open',
    );
    this.storeIfClosed();
  }

  /**
   * Resumes the day from the newest checkpoint if it is of this day's simulation and no later
   * than `until` (the replay must still see every trade of the minutes not yet in Redis);
   * returns its market time. Without one the day replays from its start.
   */
  private async resumeCheckpoint(day: SimulatedDay, until: number): Promise<number | undefined> {
    const bytes = await this.state.checkpoint();
    const state = bytes ? decodeCheckpoint(bytes) : undefined;
    if (!state || state.fingerprint !== day.feed.fingerprint || state.time > until) return undefined;
    day.feed.resume(state);
    return state.time;
  }

  /**
   * Where the next checkpoint goes, once checkpointMs has passed since the last: just before
   * the latest whole minute, so the minutes before it are complete in Redis when it is stored.
   */
  private checkpointDue(): number | undefined {
    if (Date.now() - this.checkpointedAt < this.deps.options.checkpointMs) return undefined;
    const now = this.clock.marketNow();
    return now - (now % 60_000) - 1;
  }

  /** Previous closes in cents, the minute series' reference: the day's listings', from its plan. */
  private listingPrevCloses(dayUniverse: Universe): [string, number][] {
    return dayUniverse.listings.map((l) => [l.symbol, l.prevCloseCents]);
  }

  /** The same for the indices, in cents of a point; the simulator quotes the same rounding. */
  private indexPrevCloses(plan: DayPlan): [string, number][] {
    return this.deps.universe.indices.map((d, j) => [
      d.symbol,
      Math.round((plan.indexPrevCloses[j] ?? d.baseLevel) * 100),
    ]);
  }

  /** Minute series of the day already in Redis: the slots in them are not built again. */
  private async resumeMinutes(minutes: MinuteBuilder, dayUniverse: Universe): Promise<void> {
    const pipeline = this.deps.redis.pipeline();
    const { listings, indices } = dayUniverse;
    const symbols = [...listings, ...indices].map((l) => l.symbol);
    for (const symbol of symbols) {
      pipeline.getBuffer(this.key(FEED_KEYS.minutesKey(feedShard(symbol), minutes.tradingDate, symbol)));
    }
    const results = (await pipeline.exec()) ?? [];
    results.forEach(([err, bytes], i) => {
      if (!err && bytes instanceof Buffer) minutes.resume(symbols[i]!, new Uint8Array(bytes));
    });
  }

  private tick(): void {
    // A slow tick (a day change, a busy Redis) delays the next instead of piling them up.
    if (this.ticking || this.stopped) return;
    this.ticking = this.step()
      .catch((err: Error) => this.failures.warn({ err: err.message }))
      .finally(() => {
        this.ticking = null;
      });
  }

  private async step(): Promise<void> {
    const skips = this.deps.options.testClock ? await this.applySkips() : [];
    const { day } = this.run;
    const events = day.pump(Number.POSITIVE_INFINITY, { checkpointAt: this.checkpointDue() });
    await this.publish(this.process(events));
    await this.state.saveSeals(day.tradingDate, this.run.seals.takeChanged());
    // Stored after the publish that completes the minutes before it, never ahead of them.
    if (events.checkpoint) {
      await this.state.saveCheckpoint(events.checkpoint);
      this.checkpointedAt = Date.now();
    }
    this.storeIfClosed();
    if (day.over) {
      const { quotes, indices } = day.feed.snapshot();
      const issues = await this.state.issuesListedBy(nextTradingDate(quotes, indices));
      const plan = nextPlan(this.deps.universe, this.run.plan, quotes, indices, issues);
      await this.openDay(await this.state.savePlan(plan));
    }
    if (skips.length > 0) await reportSkipsDone(this.deps.redis, this.deps.options.redisPrefix, skips);
  }

  /**
   * The test clock's skips (testClock.ts): the clock jumps and is stored for a standby, and the
   * status goes out with this step; the step reports them done once it has published.
   */
  private async applySkips(): Promise<TestClockCommand[]> {
    const { redis, options } = this.deps;
    const skips = await takeSkips(redis, options.redisPrefix);
    if (skips.length === 0 || !('skipTo' in this.clock)) return [];
    const clock = this.clock as DemoClock;
    for (const { to } of skips) {
      const skippedMs = clock.skipTo(to);
      logger.info(
        { to, skippedMs, marketTime: new Date(clock.marketNow()).toISOString() },
        'feed: test clock skip',
      );
    }
    await storeDemoClock(redis, options.redisPrefix, clock);
    this.statusPublishedAt = 0;
    return skips;
  }

  private async publish(publication: Publication): Promise<void> {
    try {
      await this.publisher.publish(publication);
    } catch (err) {
      // Appends may be lost, and a series missing a minute would shift every later one.
      this.run.minutes.rewriteAll();
      throw err;
    }
  }

  /** Everything a pump produced, numbered and ready to publish; the rankings and minute bars follow it. */
  private process(events: DayEvents): Publication {
    const { run } = this;
    this.record(run.minutes, events.trades);
    run.indexMinutes.record(events.indices);
    const quotes = this.numberQuotes(events.quotes);
    for (const q of quotes) this.marketTime = Math.max(this.marketTime, q.time);
    run.ranks.apply(quotes);
    run.seals.apply(quotes, this.marketTime);
    run.minutes.completeUntil(this.marketTime);
    const phase = events.phases.at(-1)?.phase;
    const heartbeat = Date.now() - this.statusPublishedAt >= this.deps.options.heartbeatMs;
    if (phase) run.phase = phase;
    if (phase || heartbeat) this.statusPublishedAt = Date.now();
    return {
      quotes,
      trades: events.trades,
      indices: this.numberIndices(events.indices),
      status: phase || heartbeat ? this.status() : undefined,
      ranks: this.changedRanks(),
      minutes: { tradingDate: run.day.tradingDate, appends: this.run.minutes.takePending() },
    };
  }

  private record(minutes: MinuteBuilder, trades: readonly Trade[]): void {
    for (const t of trades) minutes.trade(t.symbol, decimalToCents(t.price), t.volume, t.time);
  }

  private numberQuotes(quotes: Quote[]): Quote[] {
    for (const q of quotes) {
      q.seq = (this.quoteSeq.get(q.symbol) ?? 0) + 1;
      this.quoteSeq.set(q.symbol, q.seq);
    }
    return quotes;
  }

  private numberIndices(indices: IndexQuote[]): IndexQuote[] {
    for (const q of indices) {
      q.seq = (this.indexSeq.get(q.symbol) ?? 0) + 1;
      this.indexSeq.set(q.symbol, q.seq);
    }
    return indices;
  }

  private status(): MarketStatus {
    return marketStatus(
      {
        phase: this.run.phase,
        tradingDate: this.run.day.tradingDate,
        simulated: this.clock.simulated,
        time: this.marketTime,
      },
      demoClockState(this.clock),
    );
  }

  /** The lists that differ from what was last published, as rank events. */
  private changedRanks(): RankEvent[] {
    const { ranks, seals } = this.run;
    const rows = ranks.rows();
    rows.limitUp = seals.rows(rows.limitUp, 'up');
    rows.limitDown = seals.rows(rows.limitDown, 'down');
    const events: RankEvent[] = [];
    for (const list of LIVE_RANK_LISTS) {
      const text = JSON.stringify(rows[list]);
      const last = this.rankPublished.get(list);
      if (last?.text === text) continue;
      const seq = (last?.seq ?? 0) + 1;
      this.rankPublished.set(list, { seq, text });
      events.push({
        list,
        tradingDate: this.run.day.tradingDate,
        rows: rows[list],
        ts: this.clock.wallNow(),
        seq,
      });
    }
    return events;
  }

  /** Once the close has completed the day's last minute, stores the day (in the background). */
  private storeIfClosed(): void {
    const run = this.run;
    if (run.stored || Date.now() < run.storeAfter || !run.minutes.complete || !AFTER_CLOSE.has(run.phase))
      return;
    run.stored = true;
    const snapshot = run.day.feed.snapshot();
    const finished = {
      tradingDate: run.day.tradingDate,
      quotes: snapshot.quotes,
      indices: snapshot.indices,
      series: run.minutes.series(),
    };
    const { database, options, dragonTigerQueue } = this.deps;
    run.storing = (async () => {
      try {
        await storeFinishedDay(database.db, finished, options);
        await enqueueDragonTiger(dragonTigerQueue, {
          tradingDate: finished.tradingDate,
          seed: options.seed,
        });
      } catch (err) {
        run.stored = false;
        run.storeAfter = Date.now() + STORE_RETRY_MS;
        throw err;
      }
      logger.info({ tradingDate: finished.tradingDate }, 'feed: day stored');
    })();
    this.track(run.storing, 'storing the day');
  }
}
