import { MARKET_NAMESPACE, USER_NAMESPACE } from '@bourse/shared';
import { Manager, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../market/testing/eventually.ts';
import { marketSocket, open } from '../market/testing/marketClient.ts';
import { useTestServer } from '../testing/testServer.ts';
import { connected, startReplica, userSocket } from '../user-channel/testing/userSockets.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** A /market socket on a connection of its own, in English. */
function market(port: number): Promise<Socket> {
  const socket = marketSocket(port, { lang: 'en' });
  sockets.push(socket);
  return open(socket);
}

describe('socket connections per client address', () => {
  const t = useTestServer('pglite', { config: { socketMaxPerIp: 3, socketMaxPerSession: 0 } });
  let replica: Awaited<ReturnType<typeof startReplica>>;
  beforeAll(async () => {
    replica = await startReplica(t, { socketMaxPerIp: 3 });
  });
  afterAll(() => replica?.stop());

  it('refuses the one past the cap with its reason, and takes a new one once one closes', async () => {
    const [first] = await Promise.all([market(t.server.port), market(t.server.port), market(t.server.port)]);
    await expect(market(t.server.port)).rejects.toMatchObject({
      data: {
        key: 'socket.tooManyFromAddress',
        params: { max: 3 },
        message: 'Too many connections from your network (at most 3). Close some tabs or try again later.',
      },
    });
    first!.close();
    await eventually(() => market(t.server.port));
  });

  it('counts the connections on every replica', async () => {
    await Promise.all([market(t.server.port), market(t.server.port), market(replica.port)]);
    await expect(market(replica.port)).rejects.toMatchObject({ data: { key: 'socket.tooManyFromAddress' } });
    await expect(market(t.server.port)).rejects.toMatchObject({ data: { key: 'socket.tooManyFromAddress' } });
  });

  it('counts a page’s /market and /user, multiplexed over one connection, once', async () => {
    const { token } = await t.api.signUp();
    const manager = new Manager(`http://127.0.0.1:${t.server.port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    const page = [manager.socket(MARKET_NAMESPACE), manager.socket(USER_NAMESPACE, { auth: { token } })];
    sockets.push(...page);
    await Promise.all(page.map(connected));
    await Promise.all([market(t.server.port), market(t.server.port)]);
    await expect(market(t.server.port)).rejects.toMatchObject({ data: { key: 'socket.tooManyFromAddress' } });
  });

  it('forgets the connections of a process that died once their leases run out', async () => {
    const key = await eventually(async () => {
      await market(t.server.port);
      const [found] = await t.redis.keys(`${t.redisPrefix}socketcap:address:*`);
      expect(found).toBeDefined();
      return found!;
    });
    for (const socket of sockets.splice(0)) socket.close();
    // Three connections of a crashed replica, whose leases nobody renewed.
    await t.redis.zadd(key, Date.now() - 1, 'dead-1', Date.now() - 1, 'dead-2', Date.now() - 1, 'dead-3');
    await eventually(() => market(t.server.port));
  });
});

describe('/user sockets per session', () => {
  const t = useTestServer('pglite', { config: { socketMaxPerIp: 0, socketMaxPerSession: 2 } });

  const user = (token: string) => {
    const socket = userSocket(t.server.port, { token, lang: 'fr' });
    sockets.push(socket);
    return connected(socket);
  };

  it('refuses the one past the cap with its reason, and takes a new one once one closes', async () => {
    const { token } = await t.api.signUp();
    const [first] = await Promise.all([user(token), user(token)]);
    await expect(user(token)).rejects.toMatchObject({
      data: { key: 'socket.tooManyForSession', params: { max: 2 } },
    });
    // Another session of the same user has its own count.
    const other = await t.api.signUp();
    await user(other.token);
    first!.close();
    await eventually(() => user(token));
  });
});
