import {
  FEED_KEYS,
  FEED_SHARDS,
  type FeedQuote,
  feedIndicesMessageSchema,
  feedInstrumentsSchema,
  feedRankMessageSchema,
  feedShard,
  feedStatusMessageSchema,
  type IndexQuoteUpdate,
  type InstrumentListing,
  indexQuotesSchema,
  type MarketBreadth,
  type MarketStatus,
  type MarketStream,
  parseJson,
  type RankEvent,
  type RankList,
} from '@bourse/shared';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { logger } from '../platform/logger.ts';
import { ThrottledWarning } from '../platform/throttledWarning.ts';
import { BreadthCounter } from './breadth.ts';
import { readFeedQuoteJson } from './feedQuote.ts';
import { readWireQuotes, readWireTrades, type WireTradesBatch } from './feedWire.ts';
import { type ChartQuote, indexChartQuote } from './history/liveDay.ts';
import { SearchIndex } from './searchIndex.ts';

/** The lists the feed computes from the stream; dragonTiger is built after the close by a job. */
export const LIVE_RANK_LISTS = [
  'limitUp',
  'limitDown',
  'tenDeal',
  'gainers',
  'losers',
] as const satisfies readonly RankList[];

export type TradesBatch = WireTradesBatch;

/** What the gateway hears from the state; every call is synchronous, right after the state changed. */
export interface MarketListener {
  /** Symbols whose quote changed, by a feed message or a reload. */
  quotes(symbols: readonly string[]): void;
  /** Index codes whose quote changed, likewise. */
  indices(symbols: readonly string[]): void;
  /** A count of the breadth changed, by quotes or a reload. */
  breadth(): void;
  /** Trade ticks of the shards someone watches (see MarketState.watchTrades). */
  trades(batches: readonly TradesBatch[]): void;
  rank(list: RankList): void;
  /** Only when the phase, the trading date or the simulated flag changed, not on heartbeats. */
  status(status: MarketStatus): void;
  /** The feed subscriber was lost (`reconnecting`: the state is not live) or is back and resynced. */
  stream(stream: MarketStream): void;
}

/** What arrived live while a reload was reading Redis: it may be newer than what the reload read. */
interface FreshSinceReload {
  quotes: Set<string>;
  indices: Set<string>;
  ranks: Set<RankList>;
  status: boolean;
}

const RELOAD_RETRY_MS = 1_000;

const schemaReader =
  <S extends z.ZodType>(schema: S) =>
  (text: string): z.output<S> | undefined =>
    parseJson(schema, text);

const sameStatus = (a: MarketStatus | null, b: MarketStatus | null) =>
  a?.phase === b?.phase &&
  a?.tradingDate === b?.tradingDate &&
  a?.simulated === b?.simulated &&
  a?.clock?.anchor === b?.clock?.anchor &&
  a?.clock?.cycleMs === b?.clock?.cycleMs;

/** Keeps each live value as its symbol's latest, noting it fresh while a reload runs; returns the symbols. */
function keepLatest<T extends { symbol: string }>(
  latest: Map<string, T>,
  values: readonly T[],
  fresh: Set<string> | undefined,
): string[] {
  for (const value of values) {
    latest.set(value.symbol, value);
    fresh?.add(value.symbol);
  }
  return values.map((value) => value.symbol);
}

/**
 * Replaces `current` by what a reload read, except values that arrived live during the reload
 * and are newer; returns the keys that changed.
 */
function mergeReloaded<T extends { seq: number; ts: number }>(
  loaded: Map<string, T>,
  current: ReadonlyMap<string, T>,
  freshKeys: ReadonlySet<string>,
): string[] {
  for (const key of freshKeys) {
    const live = current.get(key);
    const snapshot = loaded.get(key);
    if (live && (!snapshot || live.seq > snapshot.seq)) loaded.set(key, live);
  }
  const changed: string[] = [];
  for (const [key, value] of loaded) {
    const before = current.get(key);
    if (before?.seq !== value.seq || before.ts !== value.ts) changed.push(key);
  }
  return changed;
}

/**
 * The market as this server process sees it: the latest full quote per symbol and their
 * breadth, the index quotes, the status, the live rankings and the instrument listing. Derived
 * state only: loaded from the feed's Redis keys on start and again on every reconnect of its
 * subscriber (a restarted Redis or a feed on another day must not leave stale values), kept
 * current by the feed's channels between. Every message is checked against the shared schemas (the quotes
 * and trades, in the feed's wire, by feedWire.ts, which applies the same rules faster); one that
 * fails is dropped whole.
 */
export class MarketState {
  private quotesBySymbol = new Map<string, FeedQuote>();
  /** Counts of quotesBySymbol, kept with it. */
  private readonly breadthCounter = new BreadthCounter();
  /** In the feed's order: the order screens show them in. */
  private indicesBySymbol = new Map<string, IndexQuoteUpdate>();
  private readonly ranks = new Map<RankList, RankEvent>();
  private currentStatus: MarketStatus | null = null;
  private searchIndex = new SearchIndex([]);
  private readonly listeners = new Set<MarketListener>();
  private readonly handlers = new Map<string, (text: string) => void>();
  /** Per shard, how many watch its trades: its channel is subscribed while the count is above 0. */
  private readonly tradeWatchers: number[] = new Array(FEED_SHARDS).fill(0);
  private readonly unparsed = new ThrottledWarning('market: dropped a feed message that does not parse');
  private readonly badSnapshot = new ThrottledWarning('market: skipped a Redis value that does not parse');
  private subscriber: Redis | undefined;
  private fresh: FreshSinceReload | null = null;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private loadingInstruments = false;
  private closed = false;
  /** Not live until the first load, and from a lost subscriber until its resync. */
  private currentStream: MarketStream = 'reconnecting';
  /** The subscriber was lost since it was last live: its return is logged. */
  private dropped = false;
  private markSynced: () => void = () => undefined;
  private readonly firstSync = new Promise<void>((resolve) => {
    this.markSynced = resolve;
  });

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    for (let shard = 0; shard < FEED_SHARDS; shard++) {
      // The bulk of the stream (the whole universe every publish): the compact wire, read without zod.
      this.handle(FEED_KEYS.quotesChannel(shard), readWireQuotes, (quotes) => this.applyQuotes(quotes));
      this.handle(FEED_KEYS.tradesChannel(shard), readWireTrades, (batches) => {
        for (const l of this.listeners) l.trades(batches);
      });
    }
    this.handle(FEED_KEYS.indicesChannel, schemaReader(feedIndicesMessageSchema), (m) =>
      this.applyIndices(m.indices),
    );
    this.handle(FEED_KEYS.statusChannel, schemaReader(feedStatusMessageSchema), (status) =>
      this.applyStatus(status),
    );
    this.handle(FEED_KEYS.rankChannel, schemaReader(feedRankMessageSchema), (event) => this.applyRank(event));
  }

  /**
   * Connects the subscriber and loads the state. Waits for the first load at most `waitMs`:
   * without Redis the server still starts, and the state fills in once Redis answers.
   */
  async start(waitMs = 5_000): Promise<void> {
    const subscriber = this.redis.duplicate({
      lazyConnect: true,
      // Subscribing and reloading happen together on every (re)connect, in resync().
      autoResubscribe: false,
      maxRetriesPerRequest: null,
      connectionName: `${this.prefix}market`,
    });
    this.subscriber = subscriber;
    const connectionError = new ThrottledWarning('market: feed subscriber connection error');
    subscriber.on('error', (err: Error) => connectionError.warn({ err: err.message }));
    subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    subscriber.on('ready', () => this.resync());
    subscriber.on('close', () => this.lost());
    // A failed first attempt is reported through 'error'; ioredis keeps retrying.
    subscriber.connect().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      this.firstSync.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), waitMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) logger.warn('market: state not loaded from Redis yet; it fills in once Redis answers');
  }

  /** A message the subscriber heard on one of the feed's channels (`pnpm feed:wire` hands them in too). */
  receive(channel: string, text: string): void {
    this.handlers.get(channel)?.(text);
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.subscriber?.disconnect();
  }

  /**
   * Reads the trade ticks of `symbol`'s shard until as many unwatchTrades calls of its shard have
   * come. Every publish carries the trades of the whole universe, a fifth of the bytes the feed
   * sends, and only a book on screen shows them: a server with no book open parses none. The
   * first watcher of a shard subscribes its channel then, so ticks published before Redis has
   * the subscription are not heard (the book's ack does not wait for it).
   */
  watchTrades(symbol: string): void {
    const shard = feedShard(symbol);
    if (this.tradeWatchers[shard]!++ === 0)
      this.changeSubscription('subscribe', this.key(FEED_KEYS.tradesChannel(shard)));
  }

  /** Ends one watchTrades of `symbol`'s shard; the last one unsubscribes its channel. */
  unwatchTrades(symbol: string): void {
    const shard = feedShard(symbol);
    if (this.tradeWatchers[shard] === 0) return;
    if (--this.tradeWatchers[shard]! === 0)
      this.changeSubscription('unsubscribe', this.key(FEED_KEYS.tradesChannel(shard)));
  }

  /** While disconnected nothing is sent: the resync on 'ready' subscribes what is watched then. */
  private changeSubscription(change: 'subscribe' | 'unsubscribe', channel: string): void {
    const subscriber = this.subscriber;
    if (subscriber?.status !== 'ready' || this.closed) return;
    subscriber[change](channel).catch((err: Error) =>
      logger.warn({ err: err.message, channel }, `market: could not ${change} a trades channel`),
    );
  }

  /** The channels to hear now: all but the trades of shards no one watches. */
  private wantedChannels(): string[] {
    const unwatched = new Set(
      this.tradeWatchers.flatMap((count, shard) =>
        count === 0 ? [this.key(FEED_KEYS.tradesChannel(shard))] : [],
      ),
    );
    return [...this.handlers.keys()].filter((channel) => !unwatched.has(channel));
  }

  listen(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  quote(symbol: string): FeedQuote | undefined {
    return this.quotesBySymbol.get(symbol);
  }

  quotes(): IterableIterator<FeedQuote> {
    return this.quotesBySymbol.values();
  }

  /** How many stocks are up, flat and down (and sealed at a limit), counted over quotes(). */
  breadth(): MarketBreadth {
    return this.breadthCounter.breadth;
  }

  indexQuote(symbol: string): IndexQuoteUpdate | undefined {
    return this.indicesBySymbol.get(symbol);
  }

  /** Every index, in the feed's order. */
  indexQuotes(): IndexQuoteUpdate[] {
    return [...this.indicesBySymbol.values()];
  }

  /** A stock's or an index's latest figures for its charts. */
  chartQuote(symbol: string): ChartQuote | undefined {
    const index = this.indicesBySymbol.get(symbol);
    return index ? indexChartQuote(index) : this.quotesBySymbol.get(symbol);
  }

  get status(): MarketStatus | null {
    return this.currentStatus;
  }

  /** `live` while the subscriber hears the feed and the state was loaded since it connected. */
  get stream(): MarketStream {
    return this.currentStream;
  }

  /** A list nobody is on may never have been published: empty, not missing (seq 0 precedes any event). */
  rankOrEmpty(list: RankList): RankEvent {
    return (
      this.ranks.get(list) ?? {
        list,
        tradingDate: this.currentStatus?.tradingDate ?? '',
        rows: [],
        ts: 0,
        seq: 0,
      }
    );
  }

  instrument(symbol: string): InstrumentListing | undefined {
    return this.searchIndex.find(symbol);
  }

  search(query: string, limit: number): InstrumentListing[] {
    return this.searchIndex.search(query, limit);
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  private handle<T>(
    channel: string,
    read: (text: string) => T | undefined,
    apply: (message: T) => void,
  ): void {
    this.handlers.set(this.key(channel), (text) => {
      const message = read(text);
      if (message === undefined) this.unparsed.warn({ channel });
      else apply(message);
    });
  }

  private applyQuotes(received: readonly FeedQuote[]): void {
    const quotes = received.filter((q) => !this.isOlder(q));
    if (quotes.length === 0) return;
    const symbols = keepLatest(this.quotesBySymbol, quotes, this.fresh?.quotes);
    const breadthChanged = this.breadthCounter.update(quotes);
    for (const l of this.listeners) {
      l.quotes(symbols);
      if (breadthChanged) l.breadth();
    }
  }

  /**
   * A quote older than the one held, in both number and publish time: a message published before
   * a reload read the snapshot and delivered after it. Each quote is whole, so a gap in `seq` (a
   * message missed) is mended by the quote that shows it; only an older one must not win. Both
   * must be older: a feed whose numbering restarted (its Redis keys lost) publishes later times.
   */
  private isOlder(quote: FeedQuote): boolean {
    const held = this.quotesBySymbol.get(quote.symbol);
    return held !== undefined && quote.seq < held.seq && quote.ts < held.ts;
  }

  private applyIndices(indices: readonly IndexQuoteUpdate[]): void {
    const symbols = keepLatest(this.indicesBySymbol, indices, this.fresh?.indices);
    for (const l of this.listeners) l.indices(symbols);
  }

  private applyRank(event: RankEvent): void {
    this.ranks.set(event.list, event);
    this.fresh?.ranks.add(event.list);
    for (const l of this.listeners) l.rank(event.list);
  }

  private applyStatus(status: MarketStatus): void {
    if (this.fresh) this.fresh.status = true;
    const previous = this.currentStatus;
    this.setStatus(status);
    // A new trading day (or a failover to a feed on another day) brings a new listing and new
    // snapshots; a listing that was missing may have been written since.
    if (previous && previous.tradingDate !== status.tradingDate) this.resync();
    else if (this.searchIndex.size === 0) void this.loadInstruments();
  }

  private setStatus(status: MarketStatus | null): void {
    const changed = !sameStatus(this.currentStatus, status);
    this.currentStatus = status;
    if (changed && status) for (const l of this.listeners) l.status(status);
  }

  /**
   * The subscriber's connection closed: Redis dropped it (a subscriber that falls behind passes
   * the pub/sub output-buffer limit, `client-output-buffer-limit pubsub`), Redis restarted or
   * the network cut it. ioredis reconnects, and 'ready' resyncs; until then nothing here is
   * live. Logged once per loss, however many reconnection attempts fail meanwhile.
   */
  private lost(): void {
    if (this.closed || this.currentStream !== 'live') return;
    this.dropped = true;
    logger.warn(
      'market: lost the feed subscriber (dropped by Redis?); reconnecting, then resyncing from the snapshots',
    );
    this.setStream('reconnecting');
  }

  private setStream(stream: MarketStream): void {
    this.currentStream = stream;
    for (const l of this.listeners) l.stream(stream);
  }

  /** (Re)subscribes, then reloads; one at a time, and again if asked meanwhile. */
  private resync(): void {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = this.syncLoop().finally(() => {
      this.syncing = null;
    });
  }

  private async syncLoop(): Promise<void> {
    do {
      this.syncAgain = false;
      try {
        // Subscribed before reading, so nothing published between the two is missed.
        await this.subscriber?.subscribe(...this.wantedChannels());
        await this.reload();
        this.markSynced();
        // Only a subscriber still connected makes the reloaded state live.
        if (this.currentStream !== 'live' && this.subscriber?.status === 'ready' && !this.closed) {
          if (this.dropped) logger.info('market: feed subscriber back; state resynced from the snapshots');
          this.dropped = false;
          this.setStream('live');
        }
      } catch (err) {
        if (this.closed) return;
        logger.warn({ err: (err as Error).message }, 'market: reload from Redis failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, RELOAD_RETRY_MS));
        this.syncAgain = true;
      }
    } while (this.syncAgain && !this.closed);
  }

  private async reload(): Promise<void> {
    const fresh: FreshSinceReload = {
      quotes: new Set(),
      indices: new Set(),
      ranks: new Set(),
      status: false,
    };
    this.fresh = fresh;
    try {
      const pipeline = this.redis.pipeline();
      for (let shard = 0; shard < FEED_SHARDS; shard++)
        pipeline.hgetall(this.key(FEED_KEYS.snapshotHash(shard)));
      pipeline.get(this.key(FEED_KEYS.statusKey));
      pipeline.get(this.key(FEED_KEYS.instrumentsKey));
      pipeline.get(this.key(FEED_KEYS.indicesKey));
      for (const list of LIVE_RANK_LISTS) pipeline.get(this.key(FEED_KEYS.rankKey(list)));
      const results = (await pipeline.exec()) ?? [];
      const values = results.map(([err, value]) => {
        if (err) throw err;
        return value;
      });
      const hashes = values.slice(0, FEED_SHARDS) as Record<string, string>[];
      const [status, instruments, indices, ...ranks] = values.slice(FEED_SHARDS) as (string | null)[];
      if (this.closed) return;
      this.reloadQuotes(hashes, fresh.quotes);
      this.reloadIndices(indices ?? null, fresh.indices);
      if (!fresh.status) this.setStatus(status ? (parseJson(feedStatusMessageSchema, status) ?? null) : null);
      if (instruments) this.setInstruments(instruments);
      LIVE_RANK_LISTS.forEach((list, i) => {
        if (!fresh.ranks.has(list)) this.reloadRank(list, ranks[i] ?? null);
      });
    } finally {
      this.fresh = null;
    }
  }

  /** Replaces the quotes by the snapshots, keeping newer live ones; the listeners hear what changed. */
  private reloadQuotes(hashes: Record<string, string>[], freshSymbols: ReadonlySet<string>): void {
    const loaded = new Map<string, FeedQuote>();
    for (const hash of hashes) {
      for (const [symbol, text] of Object.entries(hash)) {
        const quote = readFeedQuoteJson(text);
        if (quote?.symbol === symbol) loaded.set(symbol, quote);
        else this.badSnapshot.warn({ symbol });
      }
    }
    const changed = mergeReloaded(loaded, this.quotesBySymbol, freshSymbols);
    this.quotesBySymbol = loaded;
    // Recounted, not patched: symbols Redis lost are gone from `loaded` but in no change list.
    const breadthChanged = this.breadthCounter.reset(loaded.values());
    for (const l of this.listeners) {
      if (changed.length > 0) l.quotes(changed);
      if (breadthChanged) l.breadth();
    }
  }

  /** The same for the indices, from their latest-quotes key. */
  private reloadIndices(text: string | null, freshSymbols: ReadonlySet<string>): void {
    const indices = text ? parseJson(indexQuotesSchema, text) : [];
    if (!indices) this.badSnapshot.warn({ key: FEED_KEYS.indicesKey });
    const loaded = new Map((indices ?? []).map((q) => [q.symbol, q]));
    const changed = mergeReloaded(loaded, this.indicesBySymbol, freshSymbols);
    this.indicesBySymbol = loaded;
    if (changed.length > 0) for (const l of this.listeners) l.indices(changed);
  }

  private reloadRank(list: RankList, text: string | null): void {
    const event = text ? parseJson(feedRankMessageSchema, text) : undefined;
    if (text && !event) this.badSnapshot.warn({ list });
    const before = this.ranks.get(list);
    if (event) this.ranks.set(list, event);
    else this.ranks.delete(list);
    if (event && (before?.seq !== event.seq || before.ts !== event.ts)) {
      for (const l of this.listeners) l.rank(list);
    }
  }

  private setInstruments(text: string): void {
    const instruments = parseJson(feedInstrumentsSchema, text);
    if (instruments) this.searchIndex = new SearchIndex(instruments);
    else this.badSnapshot.warn({ key: FEED_KEYS.instrumentsKey });
  }

  private async loadInstruments(): Promise<void> {
    if (this.loadingInstruments) return;
    this.loadingInstruments = true;
    try {
      const text = await this.redis.get(this.key(FEED_KEYS.instrumentsKey));
      if (text && !this.closed) this.setInstruments(text);
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'market: loading the instrument listing failed');
    } finally {
      this.loadingInstruments = false;
    }
  }
}
