import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { type OrderView, tradingRoutes, USER_EVENTS, userEventSchemas } from '@bourse/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { connected, record, userSocket, useTwoReplicas } from './testing/userSockets.ts';

describe.each(DB_KINDS)('Socket.IO /user on %s', (kind) => {
  // A second replica on the same database and Redis prefix: events cross over through the adapter.
  const pair = useTwoReplicas(kind);
  const { t, sockets } = pair;

  const open = (port: number, token: string) => {
    const socket = userSocket(port, { token });
    sockets.push(socket);
    return connected(socket);
  };

  it('refuses a handshake without a valid session, in the user language', async () => {
    const none = userSocket(t.server.port, { lang: 'en' });
    sockets.push(none);
    await expect(connected(none)).rejects.toMatchObject({
      data: { key: 'auth.loginFirst', message: 'Please login first.' },
    });
    const bad = userSocket(t.server.port, { token: 'x'.repeat(43) });
    sockets.push(bad);
    await expect(connected(bad)).rejects.toMatchObject({ data: { key: 'auth.sessionExpired' } });
  });

  it('tells the user, on any replica, of their order, fill, balance, fill message and position, and nobody else', async () => {
    const alice = await Trader.signUp(t.api);
    const bob = await Trader.signUp(t.api);
    const aliceHeard = record(await open(pair.replica.port, alice.token));
    const bobHeard = record(await open(pair.replica.port, bob.token));
    const bobOnOrigin = record(await open(t.server.port, bob.token));

    const placed = await alice.buy('604000', 100);
    expect(placed.status).toBe(200);
    await vi.waitFor(() => expect(aliceHeard.map((h) => h.event)).toContain(USER_EVENTS.position), {
      timeout: 5_000,
      interval: 20,
    });

    const byEvent = (event: string) => aliceHeard.filter((h) => h.event === event).map((h) => h.payload);
    const [order] = byEvent(USER_EVENTS.order) as OrderView[];
    expect(userEventSchemas.order.parse(order)).toMatchObject({ status: 'filled', filledQuantity: 100 });
    expect(userEventSchemas.fill.parse(byEvent(USER_EVENTS.fill)[0])).toMatchObject({
      price: '10.010',
      quantity: 100,
    });
    expect(userEventSchemas.balance.parse(byEvent(USER_EVENTS.balance)[0])).toMatchObject({
      available: '998993.99',
    });
    expect(userEventSchemas.message.parse(byEvent(USER_EVENTS.message)[0])).toMatchObject({
      kind: 'fill',
      params: { symbol: '604000', side: 'buy', price: '10.010', quantity: '100' },
      read: false,
    });
    expect(userEventSchemas.position.parse(byEvent(USER_EVENTS.position)[0])).toMatchObject({
      symbol: '604000',
      quantity: 100,
      sellableQuantity: 0,
    });

    // Bob's own trade, published after Alice's on the same path: once he has heard all of it, a
    // stray event of hers would have reached him too. So he hears exactly what she heard, for his order.
    const bobs = expectOk(await bob.buy('604000', 100), tradingRoutes.placeOrder.response);
    const events = (heard: { event: string }[]) => heard.map((h) => h.event).sort();
    for (const heard of [bobHeard, bobOnOrigin]) {
      await vi.waitFor(() => expect(heard.map((h) => h.event)).toContain(USER_EVENTS.position), {
        timeout: 5_000,
        interval: 20,
      });
      expect(events(heard)).toEqual(events(aliceHeard));
      expect(heard.find((h) => h.event === USER_EVENTS.order)?.payload).toMatchObject({ id: bobs.id });
    }
  });
});
