import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ResolvedRedis {
  url: string;
  /** Where the URL came from, for the start banner. */
  source: 'REDIS_URL' | 'local' | 'private';
  /** Stops the private redis-server child, if we started one. */
  stop(): Promise<void>;
}

export class RedisUnavailableError extends Error {}

const INSTALL_HINT =
  'No Redis found: nothing answers on 127.0.0.1:6379 and there is no redis-server binary. ' +
  'Install one (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) ' +
  'or point REDIS_URL at a running Redis, e.g. REDIS_URL=redis://127.0.0.1:6379.';

/** Sends PING over a raw socket: no client library, so a dead port fails fast and quietly. */
export function pingRedis(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let buffer = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      if (buffer.includes('\r\n')) done(buffer.startsWith('+PONG'));
    });
  });
}

/** A TCP port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function answersWithin(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await pingRedis('127.0.0.1', port)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export interface RedisServerOptions {
  port: number;
  /** Its working directory: where a persistent server keeps its append-only file. */
  dir: string;
  /** An append-only file fsynced on every write (production's compose runs Redis so); else memory only. */
  persistent?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts a redis-server child on 127.0.0.1 and resolves once it answers PING. Shared by
 * `pnpm start`'s private Redis and the tests' own (core/src/testing/privateRedis.ts).
 */
export async function startRedisServer({
  port,
  dir,
  persistent = false,
  env = process.env,
}: RedisServerOptions): Promise<ChildProcess> {
  const persistence = persistent
    ? ['--appendonly', 'yes', '--appendfsync', 'always']
    : ['--appendonly', 'no'];
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir, ...persistence],
    { stdio: 'ignore', env },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new RedisUnavailableError(INSTALL_HINT) : error),
    );
    child.once('spawn', () => resolve());
  });
  if (!(await answersWithin(port, 10_000))) {
    child.kill('SIGKILL');
    throw new RedisUnavailableError(
      `redis-server was started on port ${port} but did not answer PING within 10 s.`,
    );
  }
  return child;
}

/** Signals a redis-server child (SIGKILL: no shutdown save, no goodbye to clients) and waits for its exit. */
export async function stopRedisServer(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * REDIS_URL if set; else 127.0.0.1:6379 if it answers; else a private redis-server child on
 * a free port, stopped by `stop()`. Throws RedisUnavailableError with install advice.
 */
export async function resolveRedis(
  env: NodeJS.ProcessEnv = process.env,
  { localPort = 6379 }: { localPort?: number } = {},
): Promise<ResolvedRedis> {
  const configured = env.REDIS_URL?.trim();
  if (configured) return { url: configured, source: 'REDIS_URL', stop: async () => {} };
  if (await pingRedis('127.0.0.1', localPort)) {
    return { url: `redis://127.0.0.1:${localPort}`, source: 'local', stop: async () => {} };
  }
  const port = await freePort();
  // A private, memory-only Redis: the product keeps nothing in Redis that it cannot rebuild.
  const dir = mkdtempSync(join(tmpdir(), 'bourse-redis-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let child: ChildProcess;
  try {
    child = await startRedisServer({ port, dir, env });
  } catch (err) {
    removeDir();
    throw err;
  }
  const stop = async () => {
    await stopRedisServer(child, 'SIGTERM');
    removeDir();
  };
  return { url: `redis://127.0.0.1:${port}`, source: 'private', stop };
}
