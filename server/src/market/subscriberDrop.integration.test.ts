import { FeedDouble, feedQuote, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { logger } from '@bourse/core/platform/logger.ts';
import { PrivateRedis } from '@bourse/core/testing/privateRedis.ts';
import {
  FEED_KEYS,
  type FeedQuote,
  feedShard,
  MARKET_EVENTS,
  MAX_SYMBOLS_PER_SOCKET,
  type MarketStreamEvent,
  type QuoteSnapshot,
} from '@bourse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';
import { marketSocket, open, record, request } from './testing/marketClient.ts';

const DROP_LOG =
  'market: lost the feed subscriber (dropped by Redis?); reconnecting, then resyncing from the snapshots';
const SHARD = feedShard('604000');

/** `count` symbols of one feed shard: the feed publishes a shard's quotes as one message. */
function symbolsOfShard(count: number): string[] {
  const symbols: string[] = [];
  for (let code = 604_000; symbols.length < count; code++) {
    if (feedShard(String(code)) === SHARD) symbols.push(String(code));
  }
  return symbols;
}

describe('a feed subscriber that Redis drops for its output buffer', () => {
  // A Redis of the test's own, whose limits it may change.
  let redis: PrivateRedis;
  let t: TestServer & { close(): Promise<void> };
  let feed: FeedDouble;
  let socket: Socket;
  let streams: MarketStreamEvent[];
  let warn: MockInstance;
  // Some 45 kB as one publish in the feed's wire; within what one socket may watch.
  const symbols = symbolsOfShard(MAX_SYMBOLS_PER_SOCKET);

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await startTestServer('pglite', { redisUrl: redis.url, config: { marketConflationMs: 50 } });
    // After the server set the logger's level, which replaces its methods.
    warn = vi.spyOn(logger, 'warn');
    feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.status(marketStatus());
    await feed.quotes(symbols.map((symbol) => feedQuote(symbol)));
    socket = marketSocket(t.server.port);
    streams = record<MarketStreamEvent>(socket, MARKET_EVENTS.stream);
    await open(socket);
    await eventually(async () => {
      const ack = await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: ['604000'] });
      expect(ack.ok).toBe(true);
    });
    // A subscriber more than 16 kB behind is dropped at once (production Redis: 32 MB).
    await t.redis.config('SET', 'client-output-buffer-limit', 'pubsub 16kb 8kb 1');
  });
  afterAll(async () => {
    warn?.mockRestore();
    socket?.close();
    await t?.close();
    await redis?.stop();
  });

  /** What this server holds for every symbol of the shard, read as a client would. */
  async function served(): Promise<Map<string, QuoteSnapshot>> {
    const ack = await request<QuoteSnapshot[]>(socket, MARKET_EVENTS.quotesSubscribe, { symbols });
    if (!ack.ok) throw new Error(ack.error.message);
    return new Map(ack.data.map((quote) => [quote.symbol, quote]));
  }

  async function snapshot(): Promise<Map<string, FeedQuote>> {
    const hash = await t.redis.hgetall(`${t.redisPrefix}${FEED_KEYS.snapshotHash(SHARD)}`);
    return new Map(Object.entries(hash).map(([symbol, text]) => [symbol, JSON.parse(text) as FeedQuote]));
  }

  /** One publish bigger than the limit: the feed's whole shard at a new price. */
  async function overflow(seq: number): Promise<void> {
    await feed.quotes(
      symbols.map((symbol) => feedQuote(symbol, { seq, price: `10.${String(seq).padStart(2, '0')}` })),
    );
  }

  const drops = () => warn.mock.calls.filter((call) => call[0] === DROP_LOG).length;

  it('says so to clients, reconnects, resyncs from the snapshot and says it is live again, logging once', async () => {
    expect(streams).toEqual([{ state: 'live' }]);
    await overflow(2);
    await eventually(() => expect(streams.map((s) => s.state)).toEqual(['live', 'reconnecting', 'live']));
    expect(drops()).toBe(1);
    const held = await served();
    const stored = await snapshot();
    expect(held.size).toBe(symbols.length);
    for (const [symbol, quote] of stored) {
      expect(held.get(symbol)).toMatchObject({ seq: quote.seq, price: quote.price });
    }
    expect(held.get('604000')).toMatchObject({ seq: 2, price: '10.02' });
  });

  it('does it again on the next drop, with one more log line', async () => {
    await overflow(3);
    await eventually(() =>
      expect(streams.map((s) => s.state)).toEqual(['live', 'reconnecting', 'live', 'reconnecting', 'live']),
    );
    expect(drops()).toBe(2);
    expect((await served()).get(symbols.at(-1)!)).toMatchObject({ seq: 3, price: '10.03' });
  });

  it('tells a client that connects while it is live that it is', async () => {
    const late = marketSocket(t.server.port);
    try {
      const heard = record<MarketStreamEvent>(late, MARKET_EVENTS.stream);
      await open(late);
      await eventually(() => expect(heard).toEqual([{ state: 'live' }]));
    } finally {
      late.close();
    }
  });
});
