import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startRedisServer, stopRedisServer } from '../platform/localRedis.ts';

/**
 * A redis-server of the test's own on a free port: for fault tests that kill and restart Redis,
 * and for e2e runs that must share no queue, lock or clock with another run on the machine's
 * Redis. `persistent`: an append-only file in a data directory that a restart reads again;
 * otherwise memory only, as `pnpm start`'s private Redis runs, so a restart comes back empty.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly persistent: boolean,
  ) {}

  static async start({ persistent = false }: { persistent?: boolean } = {}): Promise<PrivateRedis> {
    const redis = new PrivateRedis(
      await freePort(),
      mkdtempSync(join(tmpdir(), 'bourse-test-redis-')),
      persistent,
    );
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) on the same port and data directory; resolves once it answers PING. */
  async restart(): Promise<void> {
    this.child = await startRedisServer({ port: this.port, dir: this.dir, persistent: this.persistent });
  }

  /** SIGKILL: no shutdown save, no goodbye to clients. */
  async kill9(): Promise<void> {
    if (this.child) await stopRedisServer(this.child, 'SIGKILL');
  }

  async stop(): Promise<void> {
    await this.kill9();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
