/**
 * Feed failover, timed: two feed processes on one Redis and PostgreSQL, SIGKILL the active one,
 * and measure until quotes flow again from the standby.
 *
 *   pnpm bench:failover -- [--symbols 5000] [--at 14:40] [--runs 3] [--ttl 5000] [--warm 5]
 *
 * Each run starts a fresh market (its own Redis prefix) on a demo clock opened at `--at` that
 * runs a trading day per real day (so the kill finds the market where `--at` put it, however
 * slowly the processes start on a busy machine: replaying a day costs more the later it is), lets
 * the first feed publish for `--warm` seconds while the second stands by, kills the first with
 * SIGKILL and prints how long until the standby's first quotes arrived on the feed's channels
 * and until it reported itself active (caught up and published). Needs Redis (REDIS_URL) and PostgreSQL (TEST_DATABASE_URL);
 * BENCH_LOG=info shows the feeds' own logs.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scratchPostgres } from '@bourse/core/trading/testing';
import { FEED_KEYS, FEED_SHARDS } from '@bourse/shared';
import { Redis } from 'ioredis';
import { demoClock } from '../../feed/index.ts';
import { storeDemoClock } from '../feedState.ts';
import { deleteKeys } from '../testing/redis.ts';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    symbols: { type: 'string', default: '5000' },
    at: { type: 'string', default: '14:40' },
    runs: { type: 'string', default: '3' },
    ttl: { type: 'string', default: '5000' },
    warm: { type: 'string', default: '5' },
  },
});
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Messages of the killed feed still in flight arrive within this; later quotes are the standby's. */
const IN_FLIGHT_MS = 100;
/** One demo trading day per real day: market time goes at about real speed. */
const CYCLE_MS = 86_400_000;

interface FeedChild {
  child: ChildProcess;
  started: Promise<number>;
  active: Promise<number>;
}

function spawnFeed(env: Record<string, string>): FeedChild {
  const child = fork(fileURLToPath(new URL('../testing/feedProcess.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG ?? 'silent', FEED_BACKFILL_DAYS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const on = (type: string) =>
    new Promise<number>((resolve, reject) => {
      child.on('message', (m: { type?: string }) => m.type === type && resolve(Date.now()));
      child.once('exit', (code, signal) =>
        reject(new Error(`feed exited (${code ?? signal}) before '${type}'`)),
      );
    });
  const feed = { child, started: on('started'), active: on('active') };
  // The killed feed's promises reject after the run; nobody waits for them then.
  feed.started.catch(() => undefined);
  feed.active.catch(() => undefined);
  return feed;
}

async function stopFeed({ child }: FeedChild): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.disconnect();
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(databaseUrl: string, redis: Redis): Promise<{ active: number; quotes: number }> {
  const prefix = `bench:failover:${randomUUID()}:`;
  await storeDemoClock(redis, prefix, demoClock({ startAt: args.at, cycleMs: CYCLE_MS }));
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    FEED_SYMBOLS: args.symbols,
    FEED_LOCK_TTL_MS: args.ttl,
    FEED_DEMO_CYCLE_MS: String(CYCLE_MS),
  };
  const subscriber = redis.duplicate();
  let killedAt = Number.POSITIVE_INFINITY;
  let firstQuotes = 0;
  subscriber.on('message', () => {
    const now = Date.now();
    if (firstQuotes === 0 && now > killedAt + IN_FLIGHT_MS) firstQuotes = now;
  });
  await subscriber.subscribe(
    ...Array.from({ length: FEED_SHARDS }, (_, s) => `${prefix}${FEED_KEYS.quotesChannel(s)}`),
  );
  const first = spawnFeed(env);
  let second: FeedChild | undefined;
  try {
    await first.active;
    second = spawnFeed(env);
    await second.started;
    await sleep(Number(args.warm) * 1000);
    killedAt = Date.now();
    first.child.kill('SIGKILL');
    const activeAt = await second.active;
    while (firstQuotes === 0) await sleep(10);
    return { active: activeAt - killedAt, quotes: firstQuotes - killedAt };
  } finally {
    await Promise.all([stopFeed(first), second && stopFeed(second)]);
    subscriber.disconnect();
    await deleteKeys(redis, prefix);
  }
}

const scratch = await scratchPostgres();
const redis = new Redis(REDIS_URL);
try {
  console.log(`failover: ${args.symbols} symbols, demo clock from ${args.at}, lock ttl ${args.ttl} ms`);
  for (let i = 1; i <= Number(args.runs); i++) {
    const { active, quotes } = await run(scratch.url, redis);
    console.log(`run ${i}: the standby's quotes flow ${quotes} ms after the kill; active after ${active} ms`);
  }
} finally {
  redis.disconnect();
  await scratch.close();
}
