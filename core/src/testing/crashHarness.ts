import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { expect, vi } from 'vitest';
import { deleteKeys } from './redis.ts';
import { scratchPostgres } from './testDatabase.ts';

/**
 * A crash test fails within this: every wait inside it is bounded by less, so a hang shows as
 * the wait that never came true, not as a test stuck for a quarter of an hour. Five minutes,
 * not less: on a loaded 2-core machine each forked worker takes tens of seconds to start.
 */
export const CRASH_TEST_TIMEOUT_MS = 300_000;

/** A TypeScript module run as a child process of the test's own, to be killed -9. */
export interface CrashChild {
  readonly child: ChildProcess;
  /** Resolves with the time the child sent `{ type }` over IPC (before or after the call); rejects if it exits first. */
  sent(type: string): Promise<number>;
  /** SIGKILL: no shutdown, no goodbye; resolves once it is gone. */
  kill9(): Promise<void>;
}

export interface CrashHarness {
  /** The test's Redis key prefix, removed by SCAN at cleanup. */
  readonly prefix: string;
  readonly redisUrl: string;
  readonly redis: Redis;
  /** A fresh migrated PostgreSQL database of its own, dropped at cleanup. */
  readonly scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  /** Forks `module` on the scratch database and the Redis prefix, with `env` on top. */
  fork(module: URL, env?: Record<string, string>): CrashChild;
  /**
   * Kills a worker -9 once a third of `total` is done, a fresh one at two thirds (each time with
   * work finished and work in flight), then lets a last one finish it all; resolves with what
   * was done right after each kill.
   */
  killTwiceThenFinish(work: KilledWork): Promise<number[]>;
  /** Kills what still runs, deletes the prefix's keys and drops the database. */
  cleanup(): Promise<void>;
}

export interface KilledWork {
  worker: URL;
  env: Record<string, string>;
  /** What the worker sends over IPC once started. */
  ready: string;
  total: number;
  done(): Promise<number>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * What every crash and restart test shares: a scratch database, a key prefix on a Redis (the
 * machine's, or `redisUrl`: a private one the test kills too), and worker processes forked under
 * tsx, silent unless they fail, each killed -9 by the test.
 */
export async function crashHarness({
  redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  redisOptions = {},
}: {
  redisUrl?: string;
  redisOptions?: RedisOptions;
} = {}): Promise<CrashHarness> {
  const prefix = `test:${randomUUID()}:`;
  const scratch = await scratchPostgres();
  const redis = new Redis(redisUrl, redisOptions);
  const children: ChildProcess[] = [];

  const harness: CrashHarness = {
    prefix,
    redisUrl,
    redis,
    scratch,
    fork(module, env = {}) {
      const child = fork(module, {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          DATABASE_URL: scratch.url,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      const gone = exited(child);
      // Kept from the start, so a wait begun late still sees a message sent early.
      const received = new Map<string, number>();
      child.on('message', (m: { type?: string }) => {
        if (m.type && !received.has(m.type)) received.set(m.type, Date.now());
      });
      return {
        child,
        sent(type) {
          const message = new Promise<number>((resolve, reject) => {
            const check = () => {
              const at = received.get(type);
              if (at !== undefined) resolve(at);
            };
            check();
            child.on('message', check);
            void gone.then(() => {
              check();
              reject(
                new Error(
                  `${module.pathname} exited with ${child.exitCode ?? child.signalCode} before '${type}'`,
                ),
              );
            });
          });
          // A child killed before it got there rejects a wait that nobody may hold any more.
          message.catch(() => undefined);
          return message;
        },
        async kill9() {
          child.kill('SIGKILL');
          await gone;
        },
      };
    },
    async killTwiceThenFinish({ worker, env, ready, total, done }) {
      const doneAtKill: number[] = [];
      for (const third of [1, 2]) {
        const child = harness.fork(worker, env);
        await child.sent(ready);
        const target = Math.round((total * third) / 3);
        await vi.waitFor(async () => expect(await done()).toBeGreaterThanOrEqual(target), {
          timeout: 30_000,
          interval: 50,
        });
        await child.kill9();
        doneAtKill.push(await done());
      }
      await harness.fork(worker, env).sent(ready);
      await vi.waitFor(async () => expect(await done()).toBe(total), { timeout: 60_000, interval: 50 });
      return doneAtKill;
    },
    async cleanup() {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(children.map(exited));
      await deleteKeys(redis, prefix);
      redis.disconnect();
      await scratch.close();
    },
  };
  return harness;
}
