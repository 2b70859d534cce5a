import { randomUUID } from 'node:crypto';
import { setRole } from '@bourse/core/accounts/roles.ts';
import { hashSessionToken } from '@bourse/core/accounts/tokens.ts';
import { sessions } from '@bourse/core/db/schema.ts';
import { ApiClient } from '@bourse/core/testing/api.ts';
import { DB_KINDS, scratchPostgres } from '@bourse/core/testing/testDatabase.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { redisUserSockets } from '@bourse/core/user-channel/endSockets.ts';
import { USER_EVENTS, userRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServerChild, spawnServer } from '../market/testing/spawnServer.ts';
import { expectOk } from '../testing/expectations.ts';
import { connected, record, userSocket, useTwoReplicas } from './testing/userSockets.ts';

/** The promise is to disconnect within a second of the session ending. */
const WITHIN_MS = 1_000;

interface Watched {
  socket: Socket;
  heard: { event: string; payload: unknown }[];
  /** When the server closed it, ms since the epoch. */
  closedAt?: number;
  reason?: string;
}

describe.each(DB_KINDS)('ending a session closes its /user sockets on every replica, on %s', (kind) => {
  // Server A serves the HTTP calls; the sockets live on replica B.
  const pair = useTwoReplicas(kind);
  const { t, sockets } = pair;

  async function watch(token: string): Promise<Watched> {
    const socket = userSocket(pair.replica.port, { token, lang: 'en' });
    sockets.push(socket);
    const watched: Watched = { socket, heard: record(socket) };
    socket.on('disconnect', (reason) => {
      watched.closedAt = Date.now();
      watched.reason = reason;
    });
    await connected(socket);
    return watched;
  }

  /** A user signed in twice: two sessions, as on a phone and a laptop. */
  async function twoSessions() {
    const { token, credentials, user } = await t.api.signUp();
    const { userinfo } = expectOk(
      await t.api.login(credentials.account, credentials.password),
      userRoutes.login.response,
    );
    return {
      first: new Trader(t.api, token, user.id),
      second: new Trader(t.api, userinfo.token, user.id),
      credentials,
    };
  }

  async function closedBy(watched: Watched, endedAt: number): Promise<void> {
    await vi.waitFor(() => expect(watched.closedAt).toBeDefined(), { timeout: 3_000, interval: 20 });
    expect(watched.reason).toBe('io server disconnect');
    expect(watched.closedAt! - endedAt).toBeLessThan(WITHIN_MS);
  }

  /** A trade of the user's: the sockets still open hear its order and balance, a closed one nothing more. */
  async function tradeAndCheck(trader: Trader, open: Watched, closed: Watched) {
    const heardBefore = closed.heard.length;
    expect((await trader.buy('604000', 100)).status).toBe(200);
    // The trade's last event on the open socket: the same room's broadcast would have reached
    // the closed one with it, had it stayed open.
    await vi.waitFor(() => expect(open.heard.map((h) => h.event)).toContain(USER_EVENTS.position), {
      timeout: 5_000,
      interval: 20,
    });
    expect(open.heard.map((h) => h.event)).toContain(USER_EVENTS.balance);
    expect(closed.heard.slice(heardBefore)).toEqual([]);
  }

  it('logout: the session’s socket closes, the other session’s stays', async () => {
    const { first, second } = await twoSessions();
    const ended = await watch(first.token);
    const other = await watch(second.token);
    expectOk(await t.api.post('/api/user/logout', {}, { token: first.token }), userRoutes.logout.response);
    await closedBy(ended, Date.now());
    expect(other.socket.connected).toBe(true);
    await tradeAndCheck(second, other, ended);
    // Nor can it come back.
    const again = userSocket(pair.replica.port, { token: first.token });
    sockets.push(again);
    await expect(connected(again)).rejects.toMatchObject({ data: { key: 'auth.sessionExpired' } });
  });

  it('password change: the other sessions’ sockets close, the changing one’s stays', async () => {
    const { first, second, credentials } = await twoSessions();
    const changing = await watch(first.token);
    const revoked = await watch(second.token);
    const body = { oldPassword: credentials.password, newPassword: 'brand-new-1' };
    expectOk(
      await t.api.post('/api/user/changePassword', body, { token: first.token }),
      userRoutes.changePassword.response,
    );
    await closedBy(revoked, Date.now());
    expect(changing.socket.connected).toBe(true);
    await tradeAndCheck(first, changing, revoked);
  });

  it('role change: the user’s sockets close and may reconnect under the new role', async () => {
    const { first, credentials } = await twoSessions();
    const watched = await watch(first.token);
    const changed = await setRole(
      t.database.db,
      redisUserSockets(t.redis, t.redisPrefix),
      credentials.account,
      'admin',
    );
    expect(changed).toMatchObject({ previous: 'user', role: 'admin' });
    await closedBy(watched, Date.now());
    const back = await watch(first.token);
    expect(back.socket.connected).toBe(true);
  });

  it('expiry: the socket closes when its session expires', async () => {
    const { first } = await twoSessions();
    // Far enough ahead for the handshake to find it live on a loaded machine.
    const expiresAt = Date.now() + 3_000;
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.tokenHash, hashSessionToken(first.token)));
    const watched = await watch(first.token);
    await vi.waitFor(() => expect(watched.closedAt).toBeDefined(), { timeout: 8_000, interval: 20 });
    expect(watched.reason).toBe('io server disconnect');
    expect(watched.closedAt!).toBeGreaterThanOrEqual(expiresAt);
    expect(watched.closedAt! - expiresAt).toBeLessThan(WITHIN_MS);
    expect(watched.heard).toEqual([]);
  });
});

describe('ending a session across two server processes (PostgreSQL: they share it)', () => {
  let close: () => Promise<void>;
  let servers: ServerChild[] = [];
  let socket: Socket | undefined;

  beforeAll(async () => {
    const scratch = await scratchPostgres();
    close = scratch.close;
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `test:${randomUUID()}:`,
      LOG_LEVEL: 'silent',
    };
    // One after the other: the first runs the migrations.
    servers.push(await spawnServer(env));
    servers.push(await spawnServer(env));
  });
  afterAll(async () => {
    socket?.disconnect();
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    await close?.();
  });

  it('logout on one closes the session’s socket on the other within a second', async () => {
    const [a, b] = servers as [ServerChild, ServerChild];
    const api = new ApiClient(`http://127.0.0.1:${a.port}`);
    const { token } = await api.signUp();
    socket = await connected(userSocket(b.port, { token }));
    let closedAt: number | undefined;
    socket.on('disconnect', () => {
      closedAt = Date.now();
    });
    expectOk(await api.post('/api/user/logout', {}, { token }), userRoutes.logout.response);
    const loggedOutAt = Date.now();
    await vi.waitFor(() => expect(closedAt).toBeDefined(), { timeout: 3_000, interval: 20 });
    expect(closedAt! - loggedOutAt).toBeLessThan(WITHIN_MS);
  });
});
