import { randomUUID } from 'node:crypto';
import { FeedDouble, feedQuote, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { createRedis } from '@bourse/core/platform/redis.ts';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { MARKET_EVENTS, type QuoteUpdate, type RankEvent } from '@bourse/shared';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './testing/eventually.ts';
import { connectMarket, record, request } from './testing/marketClient.ts';
import { type ServerChild, spawnServer } from './testing/spawnServer.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW_MS = 100;

describe('market fan-out across two server processes', () => {
  const prefix = `test:${randomUUID()}:`;
  let redis: Redis;
  let adapterTraffic: Redis;
  const adapterMessages: string[] = [];
  let servers: ServerChild[] = [];
  let sockets: Socket[] = [];

  beforeAll(async () => {
    redis = createRedis(REDIS_URL);
    const feed = new FeedDouble(redis, prefix);
    await feed.status(marketStatus());
    await feed.quotes([feedQuote('604000'), feedQuote('004001')]);
    const env = { REDIS_URL, REDIS_PREFIX: prefix, MARKET_CONFLATION_MS: String(WINDOW_MS) };
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    sockets = await Promise.all(servers.map((server) => connectMarket(server.port)));
    // Whatever crosses the Socket.IO adapter's channels; market data must not.
    adapterTraffic = redis.duplicate();
    await adapterTraffic.psubscribe(`${prefix}socket.io*`);
    adapterTraffic.on('pmessage', (_pattern: string, channel: string) => adapterMessages.push(channel));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((server) => server.stop()));
    adapterTraffic?.disconnect();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('delivers the same ticks and rankings to a client of each process, without the adapter', async () => {
    const acks = await Promise.all(
      sockets.map((socket) =>
        request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: ['604000', '004001'] }),
      ),
    );
    expect(acks.map((ack) => ack.ok)).toEqual([true, true]);
    await Promise.all(
      sockets.map((socket) => request(socket, MARKET_EVENTS.rankSubscribe, { list: 'gainers' })),
    );
    const quotes = sockets.map((socket) => record<QuoteUpdate[]>(socket, MARKET_EVENTS.quotes));
    const ranks = sockets.map((socket) => record<RankEvent>(socket, MARKET_EVENTS.rank));

    const ticksOf = (events: QuoteUpdate[][], symbol: string) =>
      events
        .flat()
        .filter((u) => u.symbol === symbol)
        .map((u) => [u.seq, u.price]);
    const feed = new FeedDouble(redis, prefix);
    for (let seq = 2; seq <= 5; seq++) {
      await feed.quotes([feedQuote('604000', { seq, price: `10.0${seq}` }), feedQuote('004001', { seq })]);
      // Each tick reaches both sides before the next is sent, so every tick is its own update.
      await eventually(() => {
        for (const events of quotes) expect(ticksOf(events, '604000').at(-1)).toEqual([seq, `10.0${seq}`]);
      });
    }
    const row = {
      symbol: '604000',
      name: '测试604000',
      price: '10.05',
      pct: '0.50',
      turnover: '1.00',
      turnoverRate: '0.01',
    };
    const ranking: RankEvent = {
      list: 'gainers',
      tradingDate: '2026-07-06',
      rows: [row],
      ts: Date.now(),
      seq: 1,
    };
    await feed.rank(ranking);

    await eventually(() => {
      for (const events of ranks) expect(events).toEqual([ranking]);
    });
    const expected = [2, 3, 4, 5].map((seq) => [seq, `10.0${seq}`]);
    expect(ticksOf(quotes[0]!, '604000')).toEqual(expected);
    expect(ticksOf(quotes[1]!, '604000')).toEqual(expected);
    expect(ticksOf(quotes[0]!, '004001')).toEqual(ticksOf(quotes[1]!, '004001'));
    expect(adapterMessages).toEqual([]);
  });
});
