import { ackSchema, SOCKET_PING, serverClockSchema, translateError, userRoutes } from '@bourse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMarket, request } from '../market/testing/marketClient.ts';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { connected, userSocket } from '../user-channel/testing/userSockets.ts';

const pingAck = ackSchema(serverClockSchema);

describe('the connection check: GET /api/ping and the sockets ping', () => {
  const t = useTestServer('pglite');
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  /** A /market and a signed-in /user socket, both open. */
  async function openBoth(lang = 'en'): Promise<{ market: Socket; user: Socket }> {
    const { token } = await t.api.signUp();
    const market = await connectMarket(t.server.port, { lang });
    const user = await connected(userSocket(t.server.port, { token, lang }));
    sockets.push(market, user);
    return { market, user };
  }

  it('answers the server clock without a login, never from a cache', async () => {
    const before = Date.now();
    const res = await t.api.get('/api/ping');
    const after = Date.now();
    const { serverTime } = expectOk(res, userRoutes.ping.response);
    // One machine, one clock: the server read it between the request and the answer.
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(after);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses another method on /api/ping', async () => {
    expectFailure(await t.api.post('/api/ping', {}, { lang: 'en' }), 'common.methodNotAllowed', 'en');
  });

  it('answers a ping on /market and on /user with the server clock', async () => {
    const { market, user } = await openBoth();
    for (const socket of [market, user]) {
      const before = Date.now();
      const reply = pingAck.parse(await request(socket, SOCKET_PING, {}));
      expect(reply.ok).toBe(true);
      if (reply.ok) {
        expect(reply.data.serverTime).toBeGreaterThanOrEqual(before);
        expect(reply.data.serverTime).toBeLessThanOrEqual(Date.now());
      }
    }
  });

  it.each([
    ['a string', 'now'],
    ['null', null],
    ['a number', 42],
    ['an array', [1]],
  ])(
    'refuses a ping whose payload is %s, in the socket language, and stays connected',
    async (_, payload) => {
      const { market, user } = await openBoth('fr');
      for (const socket of [market, user]) {
        expect(await request(socket, SOCKET_PING, payload)).toEqual({
          ok: false,
          error: { key: 'common.validation', message: translateError('fr', 'common.validation') },
        });
        expect(socket.connected).toBe(true);
      }
    },
  );

  it('ignores a ping without an ack and answers the next one', async () => {
    const { market, user } = await openBoth();
    for (const socket of [market, user]) {
      socket.emit(SOCKET_PING, {});
      socket.emit(SOCKET_PING);
      const reply = pingAck.parse(await request(socket, SOCKET_PING, {}));
      expect(reply.ok).toBe(true);
      expect(socket.connected).toBe(true);
    }
  });
});
