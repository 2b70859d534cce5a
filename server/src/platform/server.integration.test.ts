import { loadConfig } from '@bourse/core/platform/config.ts';
import { EMBEDDED_AND_POSTGRES } from '@bourse/core/testing/testDatabase.ts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/testServer.ts';
import { type RunningServer, startServer } from './server.ts';

describe.each(EMBEDDED_AND_POSTGRES)('startServer on %s', (kind) => {
  const t = useTestServer(kind);
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function replica(): Promise<RunningServer> {
    const config = { ...loadConfig({}), port: 0, logLevel: 'silent' as const };
    const server = await startServer({
      config,
      database: t.database,
      redis: t.redis,
      redisPrefix: t.redisPrefix,
    });
    cleanup.push(() => server.close());
    return server;
  }

  function client(port: number): Promise<Socket> {
    const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    cleanup.push(() => socket.close());
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('listens on a real port when asked for port 0', () => {
    expect(t.server.port).toBeGreaterThan(0);
    expect(t.baseUrl).toContain(`:${t.server.port}`);
  });

  it('serves Socket.IO on the HTTP port', async () => {
    const socket = await client(t.server.port);
    expect(socket.connected).toBe(true);
  });

  it('carries a broadcast from one replica to the clients of another through Redis', async () => {
    const other = await replica();
    const socket = await client(other.port);
    const received = new Promise((resolve) => socket.once('hello', resolve));
    // The new replica's subscription may still be on its way to Redis: repeat until it lands.
    const repeat = setInterval(() => t.server.io.emit('hello', { from: 'replica A' }), 50);
    cleanup.push(() => clearInterval(repeat));
    await expect(received).resolves.toEqual({ from: 'replica A' });
  });

  it('answers every request after another replica on the same database started', async () => {
    const other = await replica();
    const res = await fetch(`http://127.0.0.1:${other.port}/api/user/pubkey`);
    const mine = await fetch(`${t.baseUrl}/api/user/pubkey`);
    expect(await res.json()).toEqual(await mine.json());
  });
});
