import { MARKET_PROTOCOL_VERSION, type MarketStatus } from '@bourse/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { breadthOf, FakeMarketSocket, indexQuoteOf, snapshotOf } from '../../../test/fakeMarketSocket.ts';
import type { FrameScheduler } from './frameInbox.ts';
import { MarketConnection } from './marketConnection.ts';
import { initialMarketState, type MarketState } from './marketStore.ts';

/** Frames that run only when the test says. */
function manualFrames() {
  let next = 1;
  const callbacks = new Map<number, () => void>();
  const scheduler: FrameScheduler = {
    request: (cb) => {
      callbacks.set(next, cb);
      return next++;
    },
    cancel: (handle) => void callbacks.delete(handle),
  };
  return {
    scheduler,
    pending: () => callbacks.size,
    run() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const cb of due) cb();
    },
  };
}

function fakeDocument() {
  const listeners: (() => void)[] = [];
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    set(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      for (const l of listeners) l();
    },
  };
  return doc;
}

const status = (overrides: Partial<MarketStatus> = {}): MarketStatus => ({
  protocol: MARKET_PROTOCOL_VERSION,
  phase: 'continuous',
  tradingDate: '2026-11-23',
  simulated: true,
  time: 1,
  ...overrides,
});

const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function setup() {
  let state: MarketState = initialMarketState();
  let setStates = 0;
  const sockets: FakeMarketSocket[] = [];
  const frames = manualFrames();
  const doc = fakeDocument();
  const logger = { warn: vi.fn(), error: vi.fn() };
  const connection = new MarketConnection({
    createSocket: () => {
      const socket = new FakeMarketSocket();
      sockets.push(socket);
      return socket;
    },
    getState: () => state,
    setState: (patch) => {
      setStates++;
      state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
    },
    scheduler: frames.scheduler,
    logger,
    document: doc,
  });
  return {
    connection,
    frames,
    doc,
    logger,
    state: () => state,
    setStates: () => setStates,
    socket: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket yet');
      return socket;
    },
    sockets,
  };
}

const subscribedSymbols = (socket: FakeMarketSocket) =>
  socket.sent('quotes:subscribe').flatMap((e) => (e.payload as { symbols: string[] }).symbols);
const unsubscribedSymbols = (socket: FakeMarketSocket) =>
  socket.sent('quotes:unsubscribe').flatMap((e) => (e.payload as { symbols: string[] }).symbols);

describe('MarketConnection', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('opens no socket until a screen watches something, then one for everything', async () => {
    expect(t.sockets).toHaveLength(0);
    expect(t.state().connection).toBe('idle');
    t.connection.watchQuotes(['604000']);
    t.connection.watchRank('limitUp');
    expect(t.sockets).toHaveLength(1);
    expect(t.state().connection).toBe('connecting');
    t.socket().open();
    await microtasks();
    expect(t.state().connection).toBe('open');
    expect(subscribedSymbols(t.socket())).toEqual(['604000']);
    expect(t.socket().sent('rank:subscribe').map((e) => e.payload)).toEqual([{ list: 'limitUp' }]);
  });

  it('counts references across screens: a symbol stays until the last screen lets go', async () => {
    const releaseList = t.connection.watchQuotes(['604000', '604001']);
    const releaseHome = t.connection.watchQuotes(['604000']);
    t.socket().open();
    await microtasks();
    expect(subscribedSymbols(t.socket())).toEqual(['604000', '604001']);
    expect(t.connection.quoteWatchers('604000')).toBe(2);

    releaseList();
    releaseList(); // a second call is harmless
    await microtasks();
    expect(unsubscribedSymbols(t.socket())).toEqual(['604001']);
    expect(t.connection.quoteWatchers('604000')).toBe(1);

    releaseHome();
    await microtasks();
    expect(unsubscribedSymbols(t.socket())).toEqual(['604001', '604000']);
  });

  it('sends one request per tick, and nothing for a symbol dropped and taken again in the same tick', async () => {
    const release = t.connection.watchQuotes(['604000']);
    t.socket().open();
    await microtasks();
    t.socket().clear();
    release();
    t.connection.watchQuotes(['604000', '604002']);
    t.connection.watchQuotes(['604003']);
    await microtasks();
    expect(t.socket().sent('quotes:subscribe').map((e) => e.payload)).toEqual([
      { symbols: ['604002', '604003'] },
    ]);
    expect(t.socket().sent('quotes:unsubscribe')).toEqual([]);
  });

  it('applies snapshots and updates at most once per animation frame', async () => {
    t.connection.watchQuotes(['604000', '604001']);
    t.socket().open();
    await microtasks();
    t.socket().answerQuoteSubscribes((s) => snapshotOf(s));
    t.frames.run();
    const before = t.setStates();
    for (let seq = 2; seq <= 6; seq++) {
      t.socket().serverSends('quotes', [
        { ...snapshotOf('604000', { seq, ts: 1000 + seq, price: `10.0${seq}` }), name: undefined },
      ]);
    }
    // Nothing applied until the frame runs; then one store update for all of it.
    expect(t.state().quotes['604000']?.price).toBe('10.00');
    expect(t.frames.pending()).toBe(1);
    t.frames.run();
    expect(t.setStates() - before).toBe(1);
    expect(t.state().quotes['604000']).toMatchObject({ price: '10.06', seq: 6, name: 'Name 604000', move: 1 });
    expect(t.state().quotes['604001']).toMatchObject({ price: '10.00', seq: 1 });
  });

  it('drops a payload that breaks its schema, whole, and logs it', async () => {
    t.connection.watchQuotes(['604000', '604001']);
    t.socket().open();
    await microtasks();
    t.socket().answerQuoteSubscribes((s) => snapshotOf(s));
    t.frames.run();
    t.socket().serverSends('quotes', [
      { ...snapshotOf('604000', { seq: 2, price: '10.50' }) },
      { ...snapshotOf('604001', { seq: 2 }), price: 10.5 }, // a float: not a decimal string
    ]);
    t.frames.run();
    expect(t.state().quotes['604000']?.price).toBe('10.00');
    expect(t.logger.error).toHaveBeenCalledWith(
      'market: a quotes message broke its contract; dropped',
      expect.anything(),
    );
    t.socket().serverSends('book', { symbol: '604000', bids: 'none' });
    t.socket().serverSends('rank', { list: 'nope' });
    t.frames.run();
    expect(t.state().books).toEqual({});
    expect(t.state().ranks).toEqual({});
    expect(t.logger.error).toHaveBeenCalledTimes(3);
  });

  it('ignores stale quote updates but not the skips that conflation makes', async () => {
    t.connection.watchQuotes(['604000']);
    t.socket().open();
    await microtasks();
    t.socket().answerQuoteSubscribes((s) => snapshotOf(s, { seq: 10, ts: 5000 }));
    t.frames.run();
    t.socket().clear();
    const update = (seq: number, price: string, ts = 5000 + seq) => {
      const { name: _n, prevClose: _p, limitUp: _u, limitDown: _d, board: _b, ...rest } = snapshotOf('604000');
      return { ...rest, seq, ts, price };
    };
    t.socket().serverSends('quotes', [update(14, '10.40')]); // seq 11–13 conflated away: fine
    t.frames.run();
    t.socket().serverSends('quotes', [update(12, '10.20', 4000)]); // older: dropped
    t.frames.run();
    expect(t.state().quotes['604000']).toMatchObject({ seq: 14, price: '10.40' });
    expect(t.socket().sent('quotes:subscribe')).toEqual([]);
  });

  it('resubscribes a symbol for a fresh snapshot on a gap in its trade ticks', async () => {
    t.connection.watchBook('604000');
    t.socket().open();
    await microtasks();
    const [first] = t.socket().sent('book:subscribe');
    first?.ack?.({
      ok: true,
      data: { symbol: '604000', bids: [], asks: [], indicative: null, ts: 1, seq: 1 },
    });
    const tick = (seq: number) => ({ price: '10.00', volume: 100, side: 'B', time: 1000 + seq, seq });
    t.socket().serverSends('trades', { symbol: '604000', trades: [tick(1), tick(2)] });
    t.socket().serverSends('trades', { symbol: '604000', trades: [tick(2), tick(3)] }); // 2 again: dropped
    await microtasks();
    expect(t.socket().sent('book:subscribe')).toHaveLength(1);

    t.socket().serverSends('trades', { symbol: '604000', trades: [tick(7)] }); // 4–6 lost
    await microtasks();
    expect(t.socket().sent('book:subscribe').map((e) => e.payload)).toEqual([
      { symbol: '604000' },
      { symbol: '604000' },
    ]);
    t.frames.run();
    expect(t.state().trades['604000']?.map((x) => x.seq)).toEqual([7, 3, 2, 1]);
    expect(t.state().books['604000']).toBeDefined();
  });

  it('on a reconnect shows reconnecting, then subscribes everything again for fresh snapshots', async () => {
    t.connection.watchQuotes(['604000', '604001']);
    t.connection.watchBook('604000');
    t.socket().open();
    await microtasks();
    t.socket().clear();
    t.socket().drop();
    expect(t.state().connection).toBe('reconnecting');
    t.socket().open();
    await microtasks();
    expect(t.state().connection).toBe('open');
    expect(subscribedSymbols(t.socket())).toEqual(['604000', '604001']);
    expect(t.socket().sent('book:subscribe')).toHaveLength(1);
  });

  it('reconnects by itself after a server-side disconnect', async () => {
    t.connection.watchQuotes(['604000']);
    t.socket().open();
    await microtasks();
    const connects = t.socket().connects;
    t.socket().drop('io server disconnect');
    expect(t.socket().connects).toBe(connects + 1);
  });

  it('shows the server’s feed as not live while the server reconnects to it', async () => {
    t.connection.watchQuotes(['604000']);
    t.socket().open();
    t.socket().serverSends('stream', { state: 'reconnecting' });
    expect(t.state().feed).toBe('reconnecting');
    t.socket().serverSends('stream', { state: 'stale' });
    expect(t.state().feed).toBe('reconnecting');
    expect(t.logger.error).toHaveBeenCalledTimes(1);
    t.socket().serverSends('stream', { state: 'live' });
    expect(t.state().feed).toBe('live');
  });

  it('keeps a refusal of the connection with its reason until asked to retry', async () => {
    t.connection.watchQuotes(['604000']);
    const refusal = { key: 'socket.tooManyFromAddress', params: { max: 50 }, message: 'Too many' };
    t.socket().serverSends('connect_error', Object.assign(new Error('Too many'), { data: refusal }));
    expect(t.state()).toMatchObject({
      connection: 'refused',
      refusal: { key: 'socket.tooManyFromAddress', params: { max: 50 } },
    });
    const connects = t.socket().connects;
    t.connection.retry();
    expect(t.socket().connects).toBe(connects + 1);
    expect(t.state()).toMatchObject({ connection: 'connecting', refusal: null });
    t.socket().open();
    await microtasks();
    expect(subscribedSymbols(t.socket())).toEqual(['604000']);
  });

  it('asks again after a refusal when the tab comes back', () => {
    t.connection.watchQuotes(['604000']);
    t.socket().serverSends('connect_error', Object.assign(new Error('x'), { data: { key: 'socket.tooManyFromAddress' } }));
    const connects = t.socket().connects;
    t.doc.set('hidden');
    expect(t.state().connection).toBe('refused');
    t.doc.set('visible');
    expect(t.socket().connects).toBe(connects + 1);
  });

  it('pauses while the page is hidden and resumes with fresh snapshots', async () => {
    t.connection.watchQuotes(['604000']);
    t.socket().open();
    await microtasks();
    t.socket().clear();
    t.doc.set('hidden');
    expect(t.state().connection).toBe('paused');
    expect(t.socket().connected).toBe(false);
    const connects = t.socket().connects;
    t.doc.set('visible');
    expect(t.socket().connects).toBe(connects + 1);
    t.socket().open();
    await microtasks();
    expect(subscribedSymbols(t.socket())).toEqual(['604000']);
  });

  it('refuses a server that speaks another protocol version, and stays off', async () => {
    t.connection.watchQuotes(['604000']);
    t.socket().open();
    t.socket().serverSends('status', { ...status(), protocol: MARKET_PROTOCOL_VERSION + 1 });
    expect(t.state().connection).toBe('incompatible');
    expect(t.state().status).toBeNull();
    expect(t.socket().connected).toBe(false);
    t.doc.set('hidden');
    t.doc.set('visible');
    expect(t.state().connection).toBe('incompatible');
  });

  it('keeps the status, and takes fresh snapshots when the trading day changes', async () => {
    t.connection.watchQuotes(['604000']);
    t.socket().open();
    await microtasks();
    t.socket().serverSends('status', status());
    expect(t.state().status?.phase).toBe('continuous');
    t.socket().clear();
    t.socket().serverSends('status', status({ phase: 'lunchBreak' }));
    await microtasks();
    expect(t.socket().sent('quotes:subscribe')).toEqual([]);
    t.socket().serverSends('status', status({ tradingDate: '2026-11-24', phase: 'preOpen' }));
    await microtasks();
    expect(subscribedSymbols(t.socket())).toEqual(['604000']);
  });

  it('refuses unknown codes named by the server and asks again for the rest', async () => {
    t.connection.watchQuotes(['604000', '999999']);
    t.socket().open();
    await microtasks();
    const [request] = t.socket().sent('quotes:subscribe');
    request?.ack?.({
      ok: false,
      error: { key: 'market.unknownSymbol', message: 'No such stock', symbols: ['999999'] },
    });
    await microtasks();
    expect(t.state().refused).toEqual({ '999999': 'market.unknownSymbol' });
    expect(subscribedSymbols(t.socket())).toEqual(['604000', '999999', '604000']);
  });

  describe('indices', () => {
    const codes = ['sh000001', 'sz399001', 'sz399006'];

    it('subscribes once for every screen, applies the ack’s snapshots, and lets go with the last screen', async () => {
      const releaseHome = t.connection.watchIndices();
      const releaseOther = t.connection.watchIndices();
      t.socket().open();
      await microtasks();
      const [request, ...more] = t.socket().sent('indices:subscribe');
      expect(more).toEqual([]);
      request?.ack?.({ ok: true, data: codes.map((code) => indexQuoteOf(code)) });
      t.frames.run();
      expect(Object.keys(t.state().indices)).toEqual(codes);

      releaseHome();
      await microtasks();
      expect(t.socket().sent('indices:unsubscribe')).toEqual([]);
      releaseOther();
      releaseOther(); // a second call is harmless
      await microtasks();
      expect(t.socket().sent('indices:unsubscribe')).toHaveLength(1);
    });

    it('applies updates once per frame, drops stale ones and a message that breaks its schema, whole', async () => {
      t.connection.watchIndices();
      t.socket().open();
      await microtasks();
      t.socket().sent('indices:subscribe')[0]?.ack?.({
        ok: true,
        data: codes.map((code) => indexQuoteOf(code, { seq: 5, ts: 5000 })),
      });
      t.frames.run();
      const before = t.setStates();
      t.socket().serverSends('indices', [indexQuoteOf('sh000001', { seq: 6, ts: 6000, value: '3001.00' })]);
      t.socket().serverSends('indices', [indexQuoteOf('sh000001', { seq: 7, ts: 7000, value: '3002.00' })]);
      t.socket().serverSends('indices', [indexQuoteOf('sz399001', { seq: 4, ts: 4000, value: '1.00' })]); // older
      t.socket().serverSends('indices', [
        indexQuoteOf('sz399006', { seq: 6, ts: 6000, value: '2100.00' }),
        { ...indexQuoteOf('sz399001', { seq: 6 }), value: 3001 }, // a number: not a decimal string
      ]);
      expect(t.state().indices.sh000001?.value).toBe('3000.00');
      t.frames.run();
      expect(t.setStates() - before).toBe(1);
      expect(t.state().indices).toMatchObject({
        sh000001: { seq: 7, value: '3002.00' },
        sz399001: { seq: 5, value: '3000.00' },
        sz399006: { seq: 5, value: '3000.00' },
      });
      expect(t.logger.error).toHaveBeenCalledWith(
        'market: a indices message broke its contract; dropped',
        expect.anything(),
      );
    });

    it('subscribes again on a reconnect, and drops an ack that breaks its schema', async () => {
      t.connection.watchIndices();
      t.socket().open();
      await microtasks();
      t.socket().clear();
      t.socket().drop();
      t.socket().open();
      await microtasks();
      expect(t.socket().sent('indices:subscribe')).toHaveLength(1);
      t.socket().sent('indices:subscribe')[0]?.ack?.({ ok: true, data: { not: 'a list' } });
      expect(t.logger.error).toHaveBeenCalledWith(
        'market: a indices:subscribe ack message broke its contract; dropped',
        expect.anything(),
      );
    });
  });

  describe('breadth', () => {
    it('subscribes once for every screen, applies the ack, then each update, and lets go with the last screen', async () => {
      const releaseHome = t.connection.watchBreadth();
      const releaseOther = t.connection.watchBreadth();
      t.socket().open();
      await microtasks();
      const [request, ...more] = t.socket().sent('breadth:subscribe');
      expect(more).toEqual([]);
      request?.ack?.({ ok: true, data: breadthOf() });
      t.frames.run();
      expect(t.state().breadth).toEqual(breadthOf());

      const before = t.setStates();
      t.socket().serverSends('breadth', breadthOf({ up: 2_401, down: 2_399, ts: 2_000 }));
      t.socket().serverSends('breadth', breadthOf({ up: 2_402, down: 2_398, ts: 3_000 }));
      t.frames.run();
      expect(t.setStates() - before).toBe(1);
      expect(t.state().breadth).toEqual(breadthOf({ up: 2_402, down: 2_398, ts: 3_000 }));

      releaseHome();
      await microtasks();
      expect(t.socket().sent('breadth:unsubscribe')).toEqual([]);
      releaseOther();
      await microtasks();
      expect(t.socket().sent('breadth:unsubscribe')).toHaveLength(1);
    });

    it('drops an update or an ack that breaks its schema, whole, and asks again on a reconnect', async () => {
      t.connection.watchBreadth();
      t.socket().open();
      await microtasks();
      t.socket().sent('breadth:subscribe')[0]?.ack?.({ ok: true, data: breadthOf() });
      t.socket().serverSends('breadth', { ...breadthOf({ up: 1 }), down: -1 });
      t.frames.run();
      expect(t.state().breadth).toEqual(breadthOf());
      expect(t.logger.error).toHaveBeenCalledWith(
        'market: a breadth message broke its contract; dropped',
        expect.anything(),
      );

      t.socket().clear();
      t.socket().drop();
      t.socket().open();
      await microtasks();
      expect(t.socket().sent('breadth:subscribe')).toHaveLength(1);
      t.socket().sent('breadth:subscribe')[0]?.ack?.({ ok: true, data: { up: '1' } });
      expect(t.logger.error).toHaveBeenCalledWith(
        'market: a breadth:subscribe ack message broke its contract; dropped',
        expect.anything(),
      );
    });
  });
});
