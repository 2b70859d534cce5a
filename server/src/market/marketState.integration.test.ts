import { encodeWireQuotes } from '@bourse/core/market/feedWire.ts';
import { FeedDouble, feedQuote, indexQuote, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import {
  FEED_KEYS,
  type FeedQuote,
  feedShard,
  type IndexQuoteUpdate,
  MARKET_EVENTS,
  type QuoteUpdate,
  quoteSnapshotSchema,
} from '@bourse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';
import { connectMarket, record, request } from './testing/marketClient.ts';

describe('MarketState against Redis', () => {
  const t = useTestServer('pglite', { config: { marketConflationMs: 50 } });
  let feed: FeedDouble;
  let socket: Socket;

  const quoteOf = async (symbol: string) => {
    const res = await t.api.get(`/api/market/quotes?symbols=${symbol}`);
    return res.status === 200 ? expectOk(res, quoteSnapshotSchema.array())[0] : undefined;
  };

  /** Kills this server's feed subscriber, as a Redis restart or a network cut would. */
  async function killSubscriber(): Promise<void> {
    const clients = (await t.redis.client('LIST')) as string;
    const line = clients.split('\n').find((l) => l.includes(` name=${t.redisPrefix}market `));
    const id = line?.match(/\bid=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await t.redis.client('KILL', 'ID', id!);
  }

  beforeAll(async () => {
    feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.status(marketStatus());
    await feed.quotes([feedQuote('604000'), feedQuote('004001')]);
    await eventually(async () => expect(await quoteOf('004001')).toBeDefined());
    socket = await connectMarket(t.server.port);
  });
  afterAll(() => {
    socket.close();
  });

  it('drops a feed message that does not parse, whole', async () => {
    const good = feedQuote('604000', { seq: 2, price: '10.50' });
    const bad = { ...feedQuote('004001', { seq: 2 }), price: 10.5 } as unknown as FeedQuote;
    await feed.raw(FEED_KEYS.quotesChannel(feedShard('604000')), encodeWireQuotes([good, bad]));
    await feed.raw(FEED_KEYS.quotesChannel(feedShard('604000')), '{not json');
    // The JSON messages of the wire before it (a feed of another version) are refused too.
    await feed.raw(FEED_KEYS.quotesChannel(feedShard('604000')), JSON.stringify({ quotes: [good] }));
    await feed.quotes([feedQuote('004001', { seq: 3, price: '10.30' })]);
    await eventually(async () => expect(await quoteOf('004001')).toMatchObject({ seq: 3 }));
    // The good half of the broken message was not applied either.
    expect(await quoteOf('604000')).toMatchObject({ seq: 1, price: '10.00' });
  });

  it('resubscribes and reloads the snapshots when its connection comes back', async () => {
    await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: ['604000'] });
    const updates = record<QuoteUpdate[]>(socket, MARKET_EVENTS.quotes);
    // Written to the snapshot while nobody listens: only a reload can find it.
    const missed = feedQuote('604000', { seq: 10, price: '10.10' });
    await t.redis.hset(
      `${t.redisPrefix}${FEED_KEYS.snapshotHash(feedShard('604000'))}`,
      '604000',
      JSON.stringify(missed),
    );
    await killSubscriber();
    await eventually(() => expect(updates.flat().at(-1)).toMatchObject({ seq: 10, price: '10.10' }));
    // Live again: the next tick arrives through the new subscription.
    await feed.quotes([feedQuote('604000', { seq: 11, price: '10.11' })]);
    await eventually(() => expect(updates.flat().at(-1)).toMatchObject({ seq: 11, price: '10.11' }));
  });

  it('takes a quote past a gap in seq, and never one older than the one it holds', async () => {
    // None of these reach the snapshot, which stays at seq 11 for the next test.
    const live = { snapshot: false };
    // seq 12 never heard: 13 is a whole quote, so it is the latest as it stands.
    await feed.quotes([feedQuote('604000', { seq: 13, price: '10.13' })], live);
    await eventually(async () => expect(await quoteOf('604000')).toMatchObject({ seq: 13, price: '10.13' }));
    // 12 delivered late (published before a reload read the snapshot): not taken. 004001's
    // quote after it on the same connection says it was heard.
    await feed.quotes(
      [
        feedQuote('604000', { seq: 12, price: '10.12', ts: Date.now() - 60_000 }),
        feedQuote('004001', { seq: 4, price: '10.04' }),
      ],
      live,
    );
    await eventually(async () => expect(await quoteOf('004001')).toMatchObject({ seq: 4 }));
    expect(await quoteOf('604000')).toMatchObject({ seq: 13, price: '10.13' });
    // A feed numbering from 1 again (its keys lost) publishes later: taken.
    await feed.quotes([feedQuote('604000', { seq: 1, price: '10.01' })], live);
    await eventually(async () => expect(await quoteOf('604000')).toMatchObject({ seq: 1, price: '10.01' }));
  });

  it('reloads the index quotes too, and sends watchers the ones that changed', async () => {
    const unchanged = indexQuote('sz399001');
    await feed.indices([indexQuote('sh000001'), unchanged]);
    await eventually(async () => {
      const ack = await request<IndexQuoteUpdate[]>(socket, MARKET_EVENTS.indicesSubscribe, null);
      expect(ack.ok && ack.data.map((q) => q.seq)).toEqual([1, 1]);
    });
    const updates = record<IndexQuoteUpdate[]>(socket, MARKET_EVENTS.indices);
    const missed = [indexQuote('sh000001', { seq: 5, value: '3010.00' }), unchanged];
    await t.redis.set(`${t.redisPrefix}${FEED_KEYS.indicesKey}`, JSON.stringify(missed));
    await killSubscriber();
    await eventually(() => expect(updates.flat()).toMatchObject([{ symbol: 'sh000001', seq: 5 }]));
    await request(socket, MARKET_EVENTS.indicesUnsubscribe, null);
  });

  it('forgets what Redis lost when it reconnects, so nothing stale is served', async () => {
    await t.redis.hdel(`${t.redisPrefix}${FEED_KEYS.snapshotHash(feedShard('004001'))}`, '004001');
    await killSubscriber();
    await eventually(async () => expect(await quoteOf('004001')).toBeUndefined());
    expect(await quoteOf('604000')).toMatchObject({ seq: 11 });
  });

  it('hears a shard’s trades only while a book of it is open, after a reconnect too', async () => {
    const channel = `${t.redisPrefix}${FEED_KEYS.tradesChannel(feedShard('604000'))}`;
    const listeners = async () => ((await t.redis.pubsub('NUMSUB', channel)) as [string, number])[1];
    expect(await listeners()).toBe(0);
    const other = await connectMarket(t.server.port);
    try {
      // Two books of one shard, on two sockets: one subscription, kept until the last closes.
      await request(socket, MARKET_EVENTS.bookSubscribe, { symbol: '604000' });
      await request(other, MARKET_EVENTS.bookSubscribe, { symbol: '604000' });
      await eventually(async () => expect(await listeners()).toBe(1));
      await killSubscriber();
      await eventually(async () => expect(await listeners()).toBe(1));
      const trades = record<unknown>(socket, MARKET_EVENTS.trades);
      const tick = { price: '10.02', volume: 100, side: 'B', time: Date.now(), seq: 1 } as const;
      await feed.trades('604000', [tick]);
      await eventually(() => expect(trades).toMatchObject([{ symbol: '604000', trades: [tick] }]));
      await request(socket, MARKET_EVENTS.bookUnsubscribe, { symbol: '604000' });
      other.close();
      await eventually(async () => expect(await listeners()).toBe(0));
    } finally {
      other.close();
    }
  });
});
