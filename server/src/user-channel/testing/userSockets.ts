import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, loadConfig, MEMORY_DATA_DIR } from '@bourse/core/platform/config.ts';
import { createRedis } from '@bourse/core/platform/redis.ts';
import type { DbKind } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote } from '@bourse/core/trading/testing/marketDouble.ts';
import { USER_NAMESPACE } from '@bourse/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from '../../platform/server.ts';
import { type TestServer, useTestServer } from '../../testing/testServer.ts';

/** A /user client that does not reconnect by itself: a server-side disconnect stays visible. */
export function userSocket(port: number, auth: Record<string, string>): Socket {
  return connect(`http://127.0.0.1:${port}${USER_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth,
  });
}

export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every event the socket hears, by name. */
export function record(socket: Socket): { event: string; payload: unknown }[] {
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

/**
 * A second server replica on the test server's database and Redis prefix: what one replica
 * sends through the Socket.IO adapter reaches the sockets of the other.
 */
export async function startReplica(
  t: Pick<TestServer, 'database' | 'redisPrefix'>,
  config: Partial<AppConfig> = {},
): Promise<RunningServer & { stop(): Promise<void> }> {
  const redis = createRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const replica = await startServer({
    config: {
      ...loadConfig({}),
      port: 0,
      dataDir: MEMORY_DATA_DIR,
      clientDist: join(tmpdir(), `bourse-no-client-${randomUUID()}`),
      logLevel: 'silent',
      ...config,
    },
    database: t.database,
    redis,
    redisPrefix: t.redisPrefix,
  });
  return Object.assign(replica, {
    async stop() {
      await replica.close();
      redis.disconnect();
    },
  });
}

/**
 * For a describe block: the test server (A) and a second replica (B) on its database and Redis
 * prefix, with the market the channel reads; the sockets the tests push to `sockets` are
 * closed after the block.
 */
export function useTwoReplicas(kind: DbKind) {
  const t = useTestServer(kind);
  const sockets: Socket[] = [];
  let replica: Awaited<ReturnType<typeof startReplica>> | undefined;
  beforeAll(async () => {
    const market = new MarketDouble(t.redis, t.redisPrefix);
    await market.status();
    await market.quotes(quote('604000'));
    replica = await startReplica(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await replica?.stop();
  });
  return {
    t,
    sockets,
    get replica() {
      if (!replica) throw new Error('the replica starts in beforeAll');
      return replica;
    },
  };
}
