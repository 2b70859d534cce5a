import { FeedDouble, feedQuote, indexQuote, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import {
  type Book,
  type IndexQuoteUpdate,
  MARKET_EVENTS,
  type MarketBreadth,
  type MarketStatus,
  type QuoteSnapshot,
  type QuoteUpdate,
  type RankEvent,
  translateError,
} from '@bourse/shared';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';
import { connectMarket, marketSocket, open, record, request } from './testing/marketClient.ts';

const WINDOW_MS = 100;
/** 604000 … 604300: one more than a socket may watch. */
const SYMBOLS = Array.from({ length: 301 }, (_, i) => String(604000 + i));
const NO_WATCHERS = { quotes: 0, books: 0, ranks: 0, indices: 0, breadth: 0 };

describe.each(['batch', 'rooms'] as const)('/market gateway, %s fan-out', (fanout) => {
  const t = useTestServer('pglite', { config: { marketConflationMs: WINDOW_MS, marketFanout: fanout } });
  let feed: FeedDouble;
  const sockets: Socket[] = [];
  const connect = async (options?: Parameters<typeof connectMarket>[1]) => {
    const socket = await connectMarket(t.server.port, options);
    sockets.push(socket);
    return socket;
  };
  /**
   * Waits until every window that could carry what the feed sent so far has reached `socket`: a
   * tick of a symbol it watches is sent and seen twice, so the second comes in a window after
   * all of it (one flush at a time, in order on the socket). The positive signal that an event
   * that should not come would have come by now.
   */
  let witnessSeq = 1;
  const passWindows = async (socket: Socket) => {
    const witness = '604299';
    await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: [witness] });
    const seen = record<QuoteUpdate[]>(socket, MARKET_EVENTS.quotes);
    for (let tick = 0; tick < 2; tick++) {
      const seq = ++witnessSeq;
      await feed.quotes([feedQuote(witness, { seq })]);
      await eventually(() =>
        expect(seen.flat().map((u) => [u.symbol, u.seq])).toContainEqual([witness, seq]),
      );
    }
  };
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await eventually(() => expect(t.server.market.watchers()).toEqual(NO_WATCHERS));
  });

  beforeAll(async () => {
    feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.status(marketStatus());
    await feed.quotes(SYMBOLS.map((symbol) => feedQuote(symbol)));
    await eventually(async () => {
      expect((await t.api.get(`/api/market/quotes?symbols=${SYMBOLS.at(-1)}`)).status).toBe(200);
    });
  });

  it('answers quotes:subscribe with snapshots, then one update per window with the latest seq', async () => {
    const socket = await connect();
    const ack = await request<QuoteSnapshot[]>(socket, MARKET_EVENTS.quotesSubscribe, {
      symbols: ['604001', '604002'],
    });
    expect(ack.ok && ack.data.map((q) => [q.symbol, q.name, q.prevClose, q.seq])).toEqual([
      ['604001', '测试604001', '10.00', 1],
      ['604002', '测试604002', '10.00', 1],
    ]);
    const events = record<QuoteUpdate[]>(socket, MARKET_EVENTS.quotes);
    // Five ticks in a burst, well inside one window.
    for (let seq = 2; seq <= 6; seq++) {
      await feed.quotes([feedQuote('604001', { seq, price: `10.0${seq}`, change: `0.0${seq}` })]);
    }
    await eventually(() =>
      expect(events.flat().at(-1)).toMatchObject({ symbol: '604001', seq: 6, price: '10.06' }),
    );
    const updates = events.flat().filter((u) => u.symbol === '604001');
    // A burst may straddle a window boundary: at most two updates, never five.
    expect(updates.length).toBeLessThanOrEqual(2);
    for (const event of events) expect(new Set(event.map((u) => u.symbol)).size).toBe(event.length);
    expect(Object.keys(updates[0]!).sort()).toEqual(
      [
        'change',
        'high',
        'low',
        'open',
        'pct',
        'price',
        'seq',
        'symbol',
        'ts',
        'turnover',
        'turnoverRate',
        'volume',
      ].sort(),
    );
  });

  it('names unknown codes and subscribes none of the request', async () => {
    const socket = await connect();
    const ack = await request(socket, MARKET_EVENTS.quotesSubscribe, {
      symbols: ['604003', '999999', '999998'],
    });
    expect(ack).toEqual({
      ok: false,
      error: {
        key: 'market.unknownSymbol',
        message: translateError('zh-CN', 'market.unknownSymbol', { symbol: '999999, 999998' }),
        symbols: ['999999', '999998'],
      },
    });
    const events = record<QuoteUpdate[]>(socket, MARKET_EVENTS.quotes);
    // A symbol it does watch, in the same feed message: its update would carry 604003 too.
    await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: ['604009'] });
    await feed.quotes([feedQuote('604003', { seq: 2 }), feedQuote('604009', { seq: 2 })]);
    await eventually(() => expect(events.flat().map((u) => u.symbol)).toEqual(['604009']));
  });

  it('stops sending a symbol after quotes:unsubscribe', async () => {
    const socket = await connect();
    await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: ['604004', '604005'] });
    const events = record<QuoteUpdate[]>(socket, MARKET_EVENTS.quotes);
    expect(await request(socket, MARKET_EVENTS.quotesUnsubscribe, { symbols: ['604004'] })).toEqual({
      ok: true,
      data: null,
    });
    // Twice: the second 604005 shows that a window with the first 604004 in it has come and gone.
    await feed.quotes([feedQuote('604004', { seq: 2 }), feedQuote('604005', { seq: 2 })]);
    await eventually(() => expect(events.flat().map((u) => u.symbol)).toEqual(['604005']));
    await feed.quotes([feedQuote('604004', { seq: 3 }), feedQuote('604005', { seq: 3 })]);
    await eventually(() => expect(events.flat().map((u) => u.symbol)).toEqual(['604005', '604005']));
  });

  it('forgets every subscription of a socket that disconnects', async () => {
    const socket = await connect();
    await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: ['604006'] });
    await request(socket, MARKET_EVENTS.bookSubscribe, { symbol: '604006' });
    await request(socket, MARKET_EVENTS.rankSubscribe, { list: 'limitUp' });
    await request(socket, MARKET_EVENTS.indicesSubscribe, null);
    await request(socket, MARKET_EVENTS.breadthSubscribe, null);
    expect(t.server.market.watchers()).toEqual({ quotes: 1, books: 1, ranks: 1, indices: 1, breadth: 1 });
    socket.close();
    await eventually(() => expect(t.server.market.watchers()).toEqual(NO_WATCHERS));
  });

  // Limits, validation, status, books and lists do not depend on the quote fan-out: once is enough.
  describe.runIf(fanout === 'batch')('in either mode', () => {
    it('sends the market status on connect and when the phase changes', async () => {
      const socket = marketSocket(t.server.port);
      sockets.push(socket);
      const statuses = record<MarketStatus>(socket, MARKET_EVENTS.status);
      await open(socket);
      await eventually(() => expect(statuses.map((s) => s.phase)).toEqual(['continuous']));
      await feed.status(marketStatus({ phase: 'lunchBreak' }));
      await eventually(() => expect(statuses.map((s) => s.phase)).toEqual(['continuous', 'lunchBreak']));
      await feed.status(marketStatus());
    });

    it('refuses more than 300 symbols per socket in the language of the handshake', async () => {
      const socket = await connect({ lang: 'en' });
      expect(
        (await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: SYMBOLS.slice(0, 200) })).ok,
      ).toBe(true);
      const tooMany = {
        ok: false,
        error: { key: 'market.tooManySymbols', message: 'You can watch at most 300 stocks at once.' },
      };
      expect(await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: SYMBOLS.slice(100) })).toEqual(
        tooMany,
      );
      expect(await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: SYMBOLS })).toEqual(tooMany);
      // Symbols already watched do not count twice.
      expect(
        (await request(socket, MARKET_EVENTS.quotesSubscribe, { symbols: SYMBOLS.slice(0, 300) })).ok,
      ).toBe(true);
    });

    it.each([
      [{ acceptLanguage: 'ja-JP,ja;q=0.9' }, { symbols: ['60400'] }, 'ja', 'market.badSymbol'],
      [{ lang: 'fr', acceptLanguage: 'ja' }, { symbols: [] }, 'fr', 'market.badPayload'],
      [{}, 'nonsense', 'zh-CN', 'market.badPayload'],
    ] as const)('translates a validation failure (%j)', async (options, payload, locale, key) => {
      const socket = await connect(options);
      expect(await request(socket, MARKET_EVENTS.quotesSubscribe, payload)).toEqual({
        ok: false,
        error: { key, message: translateError(locale, key) },
      });
    });

    it('answers book:subscribe with the five-level book, then book and trade ticks', async () => {
      const socket = await connect();
      const ack = await request<Book>(socket, MARKET_EVENTS.bookSubscribe, { symbol: '604007' });
      expect(ack).toMatchObject({
        ok: true,
        data: { symbol: '604007', bids: [{ price: '9.99', volume: 100 }] },
      });
      const books = record<Book>(socket, MARKET_EVENTS.book);
      const trades = record<unknown>(socket, MARKET_EVENTS.trades);
      const bids = [{ price: '10.01', volume: 300 }];
      await feed.quotes([feedQuote('604007', { seq: 2, bids })]);
      const tick = { price: '10.02', volume: 100, side: 'B', time: Date.now(), seq: 1 } as const;
      await feed.trades('604007', [tick]);
      await eventually(() => expect(books.at(-1)).toMatchObject({ symbol: '604007', seq: 2, bids }));
      // The feed's wire always says the kind (an absent one is continuous, as the contract reads it).
      await eventually(() =>
        expect(trades).toEqual([{ symbol: '604007', trades: [{ ...tick, kind: 'continuous' }] }]),
      );
      expect(await request(socket, MARKET_EVENTS.bookSubscribe, { symbol: '999999' })).toMatchObject({
        ok: false,
        error: { key: 'market.unknownSymbol', symbols: ['999999'] },
      });
    });

    it('answers rank:subscribe with the current list, then its changes', async () => {
      const socket = await connect();
      const empty = await request<RankEvent>(socket, MARKET_EVENTS.rankSubscribe, { list: 'limitDown' });
      expect(empty).toEqual({
        ok: true,
        data: { list: 'limitDown', tradingDate: '2026-07-06', rows: [], ts: 0, seq: 0 },
      });
      const ranks = record<RankEvent>(socket, MARKET_EVENTS.rank);
      const row = {
        symbol: '604008',
        name: '测试604008',
        price: '9.00',
        pct: '-10.00',
        turnover: '1.00',
        turnoverRate: '0.01',
      };
      const event: RankEvent = {
        list: 'limitDown',
        tradingDate: '2026-07-06',
        rows: [row],
        ts: Date.now(),
        seq: 1,
      };
      await feed.rank(event);
      await feed.rank({ ...event, list: 'gainers' });
      await eventually(() => expect(ranks).toEqual([event]));
      expect(await request(socket, MARKET_EVENTS.rankSubscribe, { list: 'limitDown' })).toEqual({
        ok: true,
        data: event,
      });
      expect(await request(socket, MARKET_EVENTS.rankSubscribe, { list: 'nope' })).toMatchObject({
        ok: false,
        error: { key: 'market.unknownList' },
      });
    });

    it('answers indices:subscribe with every index, then the ones that changed, once per window', async () => {
      const codes = ['sh000001', 'sz399001', 'sz399006'];
      await feed.indices(codes.map((code) => indexQuote(code)));
      const socket = await connect();
      const ack = await eventually(async () => {
        const reply = await request<IndexQuoteUpdate[]>(socket, MARKET_EVENTS.indicesSubscribe, null);
        expect(reply.ok && reply.data.map((q) => q.symbol)).toEqual(codes);
        return reply;
      });
      expect(ack.ok && ack.data[0]).toMatchObject({ symbol: 'sh000001', value: '3000.00', seq: 1 });
      const events = record<IndexQuoteUpdate[]>(socket, MARKET_EVENTS.indices);
      // Five messages in a burst, well inside one window, moving the SSE Composite only.
      for (let seq = 2; seq <= 6; seq++) {
        await feed.indices([indexQuote('sh000001', { seq, value: `300${seq}.00`, change: `${seq}.00` })]);
      }
      await eventually(() =>
        expect(events.flat().at(-1)).toMatchObject({ symbol: 'sh000001', seq: 6, value: '3006.00' }),
      );
      // A burst may straddle a window boundary: at most two events, never five; only what changed.
      expect(events.length).toBeLessThanOrEqual(2);
      expect(events.flat().every((q) => q.symbol === 'sh000001')).toBe(true);

      expect(await request(socket, MARKET_EVENTS.indicesUnsubscribe, null)).toEqual({ ok: true, data: null });
      const after = events.length;
      await feed.indices([indexQuote('sh000001', { seq: 7 }), indexQuote('sz399006', { seq: 2 })]);
      await passWindows(socket);
      expect(events).toHaveLength(after);
    });

    it('answers breadth:subscribe with the counts, then the counts once per window that changes one', async () => {
      const socket = await connect();
      const ack = await request<MarketBreadth>(socket, MARKET_EVENTS.breadthSubscribe, null);
      // Every stock of the universe is flat (10.00 on a 10.00 close) until this test moves two.
      expect(ack).toEqual({
        ok: true,
        data: { up: 0, flat: 301, down: 0, total: 301, limitUp: 0, limitDown: 0, ts: expect.any(Number) },
      });
      const events = record<MarketBreadth>(socket, MARKET_EVENTS.breadth);
      // Five messages in a burst, well inside one window, each moving a count: 604290 goes up and
      // down, ending up; 604291 falls to its limit down.
      // Sent together (one connection keeps their order), so a slow machine cannot spread them
      // over several windows.
      const burst = [2, 3, 4, 5, 6].map((seq) =>
        feed.quotes([
          feedQuote(
            '604290',
            seq % 2 === 0
              ? { seq, price: '10.05', change: '0.05', pct: '0.50' }
              : { seq, price: '9.95', change: '-0.05', pct: '-0.50' },
          ),
          feedQuote('604291', { seq, price: '9.00', change: '-1.00', pct: '-10.00' }),
        ]),
      );
      await Promise.all(burst);
      // The first message alone already gives the final counts: wait until every window the burst
      // could touch has passed before counting, or a later event would land after the count.
      await passWindows(socket);
      const moved = { up: 1, flat: 299, down: 1, total: 301, limitUp: 0, limitDown: 1 };
      expect(events.at(-1)).toMatchObject(moved);
      // A burst may straddle a window boundary: at most two events, never five.
      expect(events.length).toBeLessThanOrEqual(2);

      // A quote that moves no count sends nothing.
      const counted = events.length;
      await feed.quotes([feedQuote('604290', { seq: 7, price: '10.50', change: '0.50', pct: '5.00' })]);
      await passWindows(socket);
      expect(events).toHaveLength(counted);

      expect(await request(socket, MARKET_EVENTS.breadthUnsubscribe, null)).toEqual({ ok: true, data: null });
      await feed.quotes([feedQuote('604290', { seq: 8 }), feedQuote('604291', { seq: 7 })]);
      await passWindows(socket);
      expect(events).toHaveLength(counted);
      // The counts did change meanwhile.
      const ackAfter = await request<MarketBreadth>(socket, MARKET_EVENTS.breadthSubscribe, null);
      expect(ackAfter.ok && ackAfter.data).toMatchObject({ up: 0, flat: 301, down: 0, limitDown: 0 });
    });
  });
});
