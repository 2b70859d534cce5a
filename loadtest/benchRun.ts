/**
 * What the Node benchmarks share: their options after pnpm's `--`, the machine they ran on,
 * the removal of their Redis keys, and a run that cleans up on exit, Ctrl-C or a time limit.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { createRedis } from '@bourse/core/platform';
import { createRedis as openRedis } from '@bourse/core/platform';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { scratchPostgres } from '@bourse/core/trading/testing';
import { percentile } from '../server/src/market/testing/benchStats.ts';

/** The command line's options; `pnpm bench:x -- --n 5` passes the `--` on, past which parseArgs sees only positionals. */
export function benchArgs<const O extends NonNullable<ParseArgsConfig['options']>>(options: O) {
  const argv = process.argv.slice(2);
  return parseArgs({ args: argv[0] === '--' ? argv.slice(1) : argv, options }).values;
}

/** n, p50, p95, p99 and max of a latency sample in ms, with `digits` decimals. */
export function latencyFigures(sample: readonly number[], digits = 0): string {
  if (sample.length === 0) return 'none';
  const sorted = [...sample].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(digits);
  return `n ${sorted.length}, p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}, max ${sorted.at(-1)!.toFixed(digits)}`;
}

export const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** This process's CPU time so far (user + system, µs): the load generator's own cost. */
export function cpuMicros(): number {
  const cpu = process.cpuUsage();
  return cpu.user + cpu.system;
}

/**
 * The CPU (µs) PostgreSQL's backends spent between two `postgresBackendCpu` readings; backends
 * that started in between count from zero.
 */
export function postgresMicrosBetween(before: Map<number, number>, after: Map<number, number>): number {
  let micros = 0;
  for (const [pid, total] of after) micros += total - (before.get(pid) ?? 0);
  return micros;
}

/** The 1, 5 and 15 minute load averages: the machine is shared, so every figure says how busy it was. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model}, ${mib(totalmem())} MiB, Node ${process.version}, load ${loadAverage()}`;

/** Deletes every key under the run's prefix (feed keys, queues, locks), then disconnects. */
export async function deletePrefix(redis: ReturnType<typeof createRedis>, prefix: string): Promise<void> {
  await deleteKeys(redis, prefix);
  redis.disconnect();
}

/**
 * Runs `main` and exits with its code (1 if it throws), after `cleanup`; Ctrl-C and the time
 * limit (a wedged child, a feed that never starts) clean up too.
 */
export async function runBench(
  name: string,
  timeoutMs: number,
  cleanup: () => Promise<void>,
  main: () => Promise<number>,
): Promise<never> {
  let stopping = false;
  const stop = async (code: number): Promise<never> => {
    if (!stopping) {
      stopping = true;
      await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    }
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(130));
  setTimeout(() => {
    console.error(`${name}: gave up after ${timeoutMs / 60_000} min`);
    void stop(1);
  }, timeoutMs).unref();
  try {
    return await stop(await main());
  } catch (error) {
    console.error(error);
    return stop(1);
  }
}

type Scratch = Awaited<ReturnType<typeof scratchPostgres>>;

/**
 * runBench on a scratch PostgreSQL database and a Redis prefix of its own, both removed at the
 * end, with whatever `main` adds to `cleanups` (a server child, a client) removed first.
 */
export function runScratchBench(
  name: string,
  redisUrl: string,
  prefix: string,
  main: (scratch: Scratch, cleanups: (() => Promise<void>)[]) => Promise<number>,
): Promise<never> {
  const cleanups: (() => Promise<void>)[] = [];
  return runBench(
    name,
    15 * 60_000,
    async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
    async () => {
      console.log(`machine: ${machine()}`);
      const scratch = await scratchPostgres();
      cleanups.push(() => scratch.close());
      cleanups.push(() => deletePrefix(openRedis(redisUrl), prefix));
      return main(scratch, cleanups);
    },
  );
}
