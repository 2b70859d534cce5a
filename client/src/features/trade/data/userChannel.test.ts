import { describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { ApiError } from '../../../lib/http/ApiError.ts';
import { FakeMarketSocket } from '../../../test/fakeMarketSocket.ts';
import { accountOf, fillOf, orderOf, positionOf, TODAY } from '../../../test/tradingFixtures.ts';
import { initialTradingState, type TradingSnapshot, type TradingState } from './tradingStore.ts';
import { UserChannel } from './userChannel.ts';

const snapshot = (overrides: Partial<TradingSnapshot> = {}): TradingSnapshot => ({
  orders: [orderOf(1)],
  fills: [],
  positions: [positionOf('604000')],
  account: accountOf(),
  ...overrides,
});

/** A channel over a fake socket whose snapshots the test hands out one by one. */
function setUp() {
  const store = create<TradingState>(() => initialTradingState());
  const sockets: FakeMarketSocket[] = [];
  const loads: { resolve(s: TradingSnapshot): void; reject(e: unknown): void; signal: AbortSignal }[] = [];
  const logger = { warn: vi.fn(), error: vi.fn() };
  const channel = new UserChannel({
    createSocket: () => {
      const socket = new FakeMarketSocket();
      sockets.push(socket);
      return socket;
    },
    loadSnapshot: (signal) => new Promise((resolve, reject) => loads.push({ resolve, reject, signal })),
    getState: store.getState,
    setState: store.setState,
    initialState: initialTradingState,
    logger,
  });
  const socket = () => sockets[0]!;
  /** Answers the latest snapshot request and lets its promise settle. */
  const answer = async (s: TradingSnapshot = snapshot()) => {
    loads.at(-1)?.resolve(s);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { channel, store, state: store.getState, sockets, socket, loads, answer, logger };
}

describe('UserChannel', () => {
  it('is open at once on a shared socket that is open already', () => {
    const store = create<TradingState>(() => initialTradingState());
    const shared = new FakeMarketSocket();
    shared.open();
    const channel = new UserChannel({
      createSocket: () => shared,
      loadSnapshot: () => new Promise(() => undefined),
      getState: store.getState,
      setState: store.setState,
      initialState: initialTradingState,
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    channel.bind('tok');
    expect(store.getState().channel).toBe('open');
  });

  it('loads a snapshot on login and a new one on every (re)connect', async () => {
    const t = setUp();
    t.channel.bind('tok');
    expect(t.state().channel).toBe('connecting');
    expect(t.socket().connects).toBe(1);
    expect(t.state().snapshot).toEqual({ status: 'pending' });
    await t.answer();
    expect(t.state().positions['604000']?.quantity).toBe(100);

    t.socket().open();
    expect(t.state().channel).toBe('open');
    expect(t.loads).toHaveLength(2);
    // The lists stay on screen while the new snapshot loads.
    expect(t.state().snapshot).toEqual({ status: 'success' });
    await t.answer(snapshot({ orders: [orderOf(1), orderOf(2)] }));
    expect(Object.keys(t.state().orders)).toHaveLength(2);

    t.socket().drop();
    expect(t.state().channel).toBe('reconnecting');
    t.socket().open();
    expect(t.loads).toHaveLength(3);
  });

  it('a newer snapshot request abandons the one under way', async () => {
    const t = setUp();
    t.channel.bind('tok');
    t.socket().open();
    expect(t.loads[0]?.signal.aborted).toBe(true);
    t.loads[0]?.resolve(snapshot({ orders: [] }));
    await t.answer(snapshot({ orders: [orderOf(7)] }));
    expect(Object.keys(t.state().orders)).toEqual([orderOf(7).id]);
  });

  it('applies events heard while the snapshot loads on top of it', async () => {
    const t = setUp();
    t.channel.bind('tok');
    t.socket().open();
    const filled = orderOf(1, { status: 'filled', filledQuantity: 100, updatedAt: `${TODAY}T02:00:09.000Z` });
    t.socket().serverSends('order', filled);
    t.socket().serverSends('fill', fillOf(1));
    expect(t.state().orders).toEqual({});
    await t.answer();
    expect(t.state().orders[filled.id]?.status).toBe('filled');
    expect(Object.keys(t.state().fills)).toEqual([fillOf(1).id]);

    t.socket().serverSends('position', positionOf('604000', { quantity: 0 }));
    expect(t.state().positions).toEqual({});
  });

  it('drops a payload that breaks its schema, and says so', async () => {
    const t = setUp();
    t.channel.bind('tok');
    await t.answer();
    t.socket().serverSends('balance', { available: 12.3, frozen: '0.00', withdrawable: '0.00' });
    expect(t.state().balance?.available).toBe('998994.99');
    expect(t.logger.error).toHaveBeenCalledWith(
      'user channel: a balance message broke its contract; dropped',
      expect.anything(),
    );
  });

  it('takes a new snapshot when an event or the market says a new trading day began', async () => {
    const t = setUp();
    t.channel.bind('tok');
    await t.answer();
    t.channel.noticeTradingDate(TODAY);
    expect(t.loads).toHaveLength(1);
    t.channel.noticeTradingDate('2026-07-09');
    expect(t.loads).toHaveLength(2);
    await t.answer(snapshot({ orders: [], account: accountOf({ tradingDate: '2026-07-09' }) }));

    const next = orderOf(5, { tradingDate: '2026-07-10' });
    t.socket().serverSends('order', next);
    expect(t.loads).toHaveLength(3);
    await t.answer(snapshot({ orders: [], account: accountOf({ tradingDate: '2026-07-10' }) }));
    expect(Object.keys(t.state().orders)).toEqual([next.id]);
  });

  it('forgets everything on logout and streams the next user after login', async () => {
    const t = setUp();
    t.channel.bind('alice');
    t.socket().open();
    await t.answer();
    t.channel.bind('');
    expect(t.socket().disconnects).toBe(1);
    expect(t.state()).toEqual(initialTradingState());
    // A late event of the old session changes nothing.
    t.socket().serverSends('position', positionOf('604000'));
    expect(t.state().positions).toEqual({});

    t.channel.bind('bob');
    expect(t.sockets).toHaveLength(1);
    expect(t.socket().connects).toBe(2);
    await t.answer(snapshot({ positions: [] }));
    expect(t.state().positions).toEqual({});
    expect(t.state().tradingDate).toBe(TODAY);
  });

  it('stops at a refused session instead of retrying', async () => {
    const t = setUp();
    t.channel.bind('expired');
    t.socket().serverSends(
      'connect_error',
      Object.assign(new Error('Session expired'), { data: { key: 'auth.sessionExpired' } }),
    );
    expect(t.state().channel).toBe('refused');
    t.socket().serverSends('connect_error', new Error('xhr poll error'));
    expect(t.state().channel).toBe('reconnecting');
  });

  it('shows a failed first snapshot, and keeps the lists when a later one fails', async () => {
    const t = setUp();
    t.channel.bind('tok');
    t.loads[0]?.reject(new ApiError('network', 'Cannot connect to the server.'));
    await Promise.resolve();
    await Promise.resolve();
    expect(t.state().snapshot).toEqual({ status: 'error', error: 'Cannot connect to the server.' });
    t.channel.refresh();
    await t.answer();
    t.channel.refresh();
    t.loads.at(-1)?.reject(new ApiError('network', 'Cannot connect to the server.'));
    await Promise.resolve();
    await Promise.resolve();
    expect(t.state().snapshot).toEqual({ status: 'success' });
    expect(t.state().positions['604000']).toBeDefined();
  });
});
