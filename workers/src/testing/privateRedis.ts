import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, pingRedis } from '@bourse/core/platform/localRedis';
import { until } from './until.ts';

/**
 * A redis-server child of the test's own on a free port, for fault tests that kill and restart
 * Redis. `persistent`: an append-only file fsynced on every write, in a data directory that a
 * restart reads again (production's compose runs Redis with AOF); otherwise memory only, as
 * `pnpm start`'s private Redis runs, so a restart comes back empty.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly persistent: boolean,
  ) {}

  static async start(persistent: boolean): Promise<PrivateRedis> {
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
    const persistence = this.persistent
      ? ['--appendonly', 'yes', '--appendfsync', 'always']
      : ['--appendonly', 'no'];
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--dir', this.dir, ...persistence],
      { stdio: 'ignore' },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('spawn', () => resolve());
    });
    await until(() => pingRedis('127.0.0.1', this.port), 10_000, 50);
  }

  /** SIGKILL: no shutdown save, no goodbye to clients. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill9();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
