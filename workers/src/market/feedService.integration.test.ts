import { randomUUID } from 'node:crypto';
import { readWireQuotes, readWireTrades } from '@bourse/core/market/feedWire.ts';
import { readDayBars, readDragonTigerDay, readMinuteDays } from '@bourse/core/market/history';
import { DB_KINDS, openTestDatabase } from '@bourse/core/market/history/testing';
import { type Database, loadConfig, logger } from '@bourse/core/platform';
import {
  decodeSeries,
  exchangeCalendar,
  FEED_KEYS,
  FEED_SHARDS,
  feedIndicesMessageSchema,
  feedInstrumentsSchema,
  feedQuoteSchema,
  feedQuotesMessageSchema,
  feedRankMessageSchema,
  feedShard,
  feedStatusMessageSchema,
  feedTradesMessageSchema,
  indexQuotesSchema,
  MINUTE_SLOTS,
  shanghaiDayStart,
} from '@bourse/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { dragonTigerService } from './dragonTigerWorker.ts';
import { feedService } from './feedService.ts';
import { type RankQuote, rankListsOf } from './ranks.ts';
import { deleteKeys, TEST_REDIS_URL } from './testing/redis.ts';

/** A demo day in 16 s: opening at 09:35, the close comes some 13 s after the start. */
const CYCLE_MS = 16_000;
const SYMBOLS = 200;

describe.each(DB_KINDS)('the feed service on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  const key = (name: string) => `${prefix}${name}`;
  const received = new Map<string, string[]>();
  let database: Database;
  let redis: Redis;
  let subscriber: Redis;
  let stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    logger.level = 'warn';
    database = await openTestDatabase(kind);
    redis = new Redis(TEST_REDIS_URL);
    subscriber = redis.duplicate();
    const channels: string[] = [FEED_KEYS.statusChannel, FEED_KEYS.rankChannel, FEED_KEYS.indicesChannel];
    for (let shard = 0; shard < FEED_SHARDS; shard++) {
      channels.push(FEED_KEYS.quotesChannel(shard), FEED_KEYS.tradesChannel(shard));
    }
    subscriber.on('message', (channel: string, text: string) => {
      const name = channel.slice(prefix.length);
      received.set(name, [...(received.get(name) ?? []), text]);
    });
    await subscriber.subscribe(...channels.map(key));
    const context = { config: loadConfig({}), database, redisUrl: TEST_REDIS_URL, redisPrefix: prefix };
    const options = {
      redisPrefix: prefix,
      symbols: SYMBOLS,
      demoCycleMs: CYCLE_MS,
      publishIntervalMs: 250,
      backfillDays: 10,
      backfillMinuteDays: 1,
    };
    const feed = await feedService(options).start(context);
    const lists = await dragonTigerService({ redisPrefix: prefix }).start(context);
    stops = [() => lists.stop(), () => feed.stop()];
    await vi.waitFor(() => expect(received.get(FEED_KEYS.quotesChannel(0))?.length).toBeGreaterThan(3), {
      timeout: 10_000,
    });
  });

  afterAll(async () => {
    for (const stop of stops) await stop();
    subscriber.disconnect();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  const messages = (channel: string) => received.get(channel) ?? [];
  const parseAll = <S extends z.ZodType>(schema: S, texts: readonly string[]) =>
    texts.map((text) => schema.parse(JSON.parse(text)) as z.output<S>);
  /** A channel's messages read from the feed's wire, then checked against the contract's schemas. */
  const wireQuotes = (channel: string) =>
    messages(channel).map((text) => feedQuotesMessageSchema.parse({ quotes: readWireQuotes(text) }).quotes);
  const wireTrades = (channel: string) =>
    messages(channel).map((text) => feedTradesMessageSchema.parse({ batches: readWireTrades(text) }).batches);

  it('publishes what the contract schemas parse, each channel its own kind', () => {
    const quotes = wireQuotes(FEED_KEYS.quotesChannel(0)).flat();
    expect(quotes.length).toBeGreaterThan(0);
    expect(wireTrades(FEED_KEYS.tradesChannel(0)).length).toBeGreaterThan(0);
    const indices = parseAll(feedIndicesMessageSchema, messages(FEED_KEYS.indicesChannel));
    expect(indices[0]?.indices.map((i) => i.symbol)).toEqual(['sh000001', 'sz399001', 'sz399006']);
    expect(parseAll(feedStatusMessageSchema, messages(FEED_KEYS.statusChannel))[0]).toMatchObject({
      simulated: true,
    });
    expect(parseAll(feedRankMessageSchema, messages(FEED_KEYS.rankChannel)).length).toBeGreaterThan(0);
    // A shard's channels carry only its symbols.
    for (let shard = 0; shard < FEED_SHARDS; shard++) {
      for (const q of wireQuotes(FEED_KEYS.quotesChannel(shard)).flat())
        expect(feedShard(q.symbol)).toBe(shard);
      for (const b of wireTrades(FEED_KEYS.tradesChannel(shard)).flat())
        expect(feedShard(b.symbol)).toBe(shard);
    }
  });

  it('numbers each symbol gap-free and keeps its latest quote in the snapshot hash', async () => {
    const seqs = new Map<string, number[]>();
    for (const q of wireQuotes(FEED_KEYS.quotesChannel(0)).flat()) {
      seqs.set(q.symbol, [...(seqs.get(q.symbol) ?? []), q.seq]);
    }
    for (const list of seqs.values()) {
      for (let i = 1; i < list.length; i++) expect(list[i]).toBe(list[i - 1]! + 1);
    }
    const snapshot = await redis.hgetall(key(FEED_KEYS.snapshotHash(0)));
    for (const [symbol, text] of Object.entries(snapshot)) {
      expect(feedShard(symbol)).toBe(0);
      expect(feedQuoteSchema.parse(JSON.parse(text)).seq).toBeGreaterThanOrEqual(
        seqs.get(symbol)?.at(-1) ?? 0,
      );
    }
    const all = await Promise.all(
      Array.from({ length: FEED_SHARDS }, (_, s) => redis.hlen(key(FEED_KEYS.snapshotHash(s)))),
    );
    expect(all.reduce((a, b) => a + b, 0)).toBe(SYMBOLS);
    const listing = feedInstrumentsSchema.parse(
      JSON.parse((await redis.get(key(FEED_KEYS.instrumentsKey)))!),
    );
    expect(listing).toHaveLength(SYMBOLS);
  });

  it('keeps rankings in Redis equal to a recompute from the snapshot', async () => {
    await vi.waitFor(
      async () => {
        const read = redis.multi();
        for (let s = 0; s < FEED_SHARDS; s++) read.hgetall(key(FEED_KEYS.snapshotHash(s)));
        for (const list of ['limitUp', 'limitDown', 'tenDeal', 'gainers', 'losers'] as const) {
          read.get(key(FEED_KEYS.rankKey(list)));
        }
        const results = ((await read.exec()) ?? []).map(([, value]) => value);
        const quotes = (results.slice(0, FEED_SHARDS) as Record<string, string>[]).flatMap((hash) =>
          Object.values(hash).map((text) => JSON.parse(text) as RankQuote),
        );
        const stored = (results.slice(FEED_SHARDS) as string[]).map((text) =>
          feedRankMessageSchema.parse(JSON.parse(text)),
        );
        const expected = rankListsOf(quotes);
        // The limit lists carry the seal columns besides (seals.test.ts holds them to their definition).
        for (const event of stored)
          expect(event.rows).toMatchObject(expected[event.list as keyof typeof expected]);
        for (const event of stored.filter((e) => e.list === 'limitUp' || e.list === 'limitDown'))
          for (const row of event.rows) expect(row.limitDays).toBeGreaterThanOrEqual(1);
        expect(expected.tenDeal.length).toBe(10);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('appends complete minutes to each symbol’s series in Redis', async () => {
    const status = feedStatusMessageSchema.parse(JSON.parse((await redis.get(key(FEED_KEYS.statusKey)))!));
    const symbol = Object.keys(await redis.hgetall(key(FEED_KEYS.snapshotHash(3))))[0]!;
    const bytes = await redis.getBuffer(key(FEED_KEYS.minutesKey(3, status.tradingDate, symbol)));
    const series = decodeSeries(new Uint8Array(bytes!));
    expect(series.bars.length).toBeGreaterThan(0);
    const quote = feedQuoteSchema.parse(
      JSON.parse((await redis.hget(key(FEED_KEYS.snapshotHash(3)), symbol))!),
    );
    expect(series.prevClose).toBe(Math.round(Number(quote.prevClose) * 100));
    expect(series.bars.reduce((sum, b) => sum + b.volume, 0)).toBeLessThanOrEqual(quote.volume);
  });

  it('appends the indices’ minutes too, from their quotes', async () => {
    const status = feedStatusMessageSchema.parse(JSON.parse((await redis.get(key(FEED_KEYS.statusKey)))!));
    const codes = ['sh000001', 'sz399001', 'sz399006'];
    // The series before the quotes: complete minutes never hold more than the quotes after them.
    const read = redis.pipeline();
    for (const code of codes)
      read.getBuffer(key(FEED_KEYS.minutesKey(feedShard(code), status.tradingDate, code)));
    const series = ((await read.exec()) ?? []).map(([, bytes]) =>
      decodeSeries(new Uint8Array(bytes as Buffer)),
    );
    const indices = indexQuotesSchema.parse(JSON.parse((await redis.get(key(FEED_KEYS.indicesKey)))!));
    expect(indices.map((q) => q.symbol)).toEqual(codes);
    for (const [k, index] of indices.entries()) {
      const { prevClose, bars } = series[k]!;
      expect(prevClose).toBe(Math.round(Number(index.prevClose) * 100));
      expect(bars.length).toBeGreaterThan(0);
      expect(bars.reduce((sum, b) => sum + b.volume, 0)).toBeLessThanOrEqual(index.volume);
      // Points stay near the previous close: values in cents of a point, not prices.
      for (const bar of bars) expect(Math.abs(bar.close / prevClose - 1)).toBeLessThan(0.1);
    }
  });

  /** The day the feed opened on: on a busy machine the tests may only get here after its close. */
  const firstDay = () => parseAll(feedStatusMessageSchema, messages(FEED_KEYS.statusChannel))[0]!.tradingDate;

  it('stores the day at the close, with the backfilled past, and builds its dragon-tiger list', async () => {
    const tradingDate = firstDay();
    const someSymbol = Object.keys(await redis.hgetall(key(FEED_KEYS.snapshotHash(5))))[0]!;
    await vi.waitFor(
      async () => {
        const [day] = await readMinuteDays(database.db, someSymbol, 1, tradingDate);
        expect(day?.tradingDate).toBe(tradingDate);
        expect(day?.series.bars).toHaveLength(MINUTE_SLOTS);
      },
      { timeout: CYCLE_MS + 10_000, interval: 500 },
    );
    const [index] = await readMinuteDays(database.db, 'sh000001', 1, tradingDate);
    expect(index?.series.bars).toHaveLength(MINUTE_SLOTS);
    const { bars } = await readDayBars(database.db, someSymbol, 11, tradingDate);
    expect(bars).toHaveLength(11); // 10 backfilled days and the first live one
    expect(bars.at(-1)?.tradingDate).toBe(tradingDate);
    expect(bars.at(-2)?.close).toBe(bars.at(-1)?.prevClose);
    await vi.waitFor(
      async () => expect((await readDragonTigerDay(database.db, tradingDate))?.tradingDate).toBe(tradingDate),
      { timeout: 10_000, interval: 200 },
    );
  });

  it('opens the next day from the closes it stored, numbering on', async () => {
    const status = async () =>
      feedStatusMessageSchema.parse(JSON.parse((await redis.get(key(FEED_KEYS.statusKey)))!));
    await vi.waitFor(async () => expect((await status()).tradingDate).not.toBe(firstDay()), {
      timeout: CYCLE_MS,
      interval: 200,
    });
    const { tradingDate } = await status();
    const symbol = Object.keys(await redis.hgetall(key(FEED_KEYS.snapshotHash(7))))[0]!;
    const quote = feedQuoteSchema.parse(
      JSON.parse((await redis.hget(key(FEED_KEYS.snapshotHash(feedShard(symbol))), symbol))!),
    );
    // Yesterday's stored close is today's previous close.
    const { bars } = await readDayBars(
      database.db,
      symbol,
      1,
      exchangeCalendar.previousTradingDay(tradingDate),
    );
    expect(Math.round(Number(quote.prevClose) * 100)).toBe(bars[0]?.close);
    const firstDaySeqs = wireQuotes(FEED_KEYS.quotesChannel(7))
      .flat()
      .filter((q) => q.symbol === symbol && q.time < shanghaiDayStart(tradingDate))
      .map((q) => q.seq);
    expect(quote.seq).toBeGreaterThan(Math.max(...firstDaySeqs));
  });
});
