import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { scratchPostgres } from '@bourse/core/trading/testing';
import {
  FEED_KEYS,
  FEED_SHARDS,
  feedQuotesMessageSchema,
  feedStatusMessageSchema,
  parseJson,
} from '@bourse/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCheckpoint } from '../feed/checkpoint.ts';
import { deleteKeys, TEST_REDIS_URL } from './testing/redis.ts';

const LOCK_TTL_MS = 1500;

interface Feed {
  child: ChildProcess;
  started: Promise<void>;
  active: Promise<number>;
}

function spawnFeed(env: Record<string, string>): Feed {
  const child = fork(fileURLToPath(new URL('./testing/feedProcess.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      FEED_SYMBOLS: '300',
      FEED_LOCK_TTL_MS: String(LOCK_TTL_MS),
      FEED_PUBLISH_MS: '250',
      FEED_BACKFILL_DAYS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const on = (type: string) =>
    new Promise<number>((resolve, reject) => {
      child.on('message', (m: { type?: string }) => m.type === type && resolve(Date.now()));
      child.once('exit', (code) => reject(new Error(`feed exited with ${code} before '${type}'`)));
    });
  const started = on('started').then(() => undefined);
  const active = on('active');
  // The first feed's death rejects its 'active' if it never got there; nobody waits for that one.
  active.catch(() => undefined);
  started.catch(() => undefined);
  return { child, started, active };
}

interface Seen {
  seq: number;
  open: string | null;
  prevClose: string;
  volume: number;
  at: number;
}

describe('feed failover (two processes on postgres)', () => {
  const prefix = `test:${randomUUID()}:`;
  const seen = new Map<string, Seen[]>();
  const feeds: Feed[] = [];
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let redis: Redis;
  let subscriber: Redis;

  beforeAll(async () => {
    scratch = await scratchPostgres();
    redis = new Redis(TEST_REDIS_URL);
    subscriber = redis.duplicate();
    subscriber.on('message', (_channel: string, text: string) => {
      for (const q of feedQuotesMessageSchema.parse(JSON.parse(text)).quotes) {
        const entry = { seq: q.seq, open: q.open, prevClose: q.prevClose, volume: q.volume, at: Date.now() };
        seen.set(q.symbol, [...(seen.get(q.symbol) ?? []), entry]);
      }
    });
    await subscriber.subscribe(
      ...Array.from({ length: FEED_SHARDS }, (_, s) => `${prefix}${FEED_KEYS.quotesChannel(s)}`),
    );
  });

  afterAll(async () => {
    for (const { child } of feeds) if (child.connected) child.disconnect();
    const exited = ({ child }: Feed) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((r) => child.once('exit', r));
    await Promise.all(feeds.map(exited));
    subscriber.disconnect();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await scratch.close();
  });

  it('takes over within seconds of the active feed being killed, continuing every symbol’s numbers and day', async () => {
    const env = { DATABASE_URL: scratch.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    const first = spawnFeed(env);
    feeds.push(first);
    await first.active;
    const second = spawnFeed(env);
    feeds.push(second);
    await second.started;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // The active feed checkpoints its day, so the standby resumes from there instead of replaying it.
    const deadline = Date.now() + 20_000;
    let checkpoint: Buffer | null = null;
    while (!checkpoint && Date.now() < deadline) {
      checkpoint = await redis.getBuffer(`${prefix}market:feed:checkpoint`);
      if (!checkpoint) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const state = checkpoint ? decodeCheckpoint(checkpoint) : undefined;
    const status = parseJson(feedStatusMessageSchema, await redis.get(`${prefix}${FEED_KEYS.statusKey}`));
    expect(state?.tradingDate).toBe(status?.tradingDate);

    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    const tookOverAt = await second.active;
    expect(tookOverAt - killedAt).toBeLessThan(LOCK_TTL_MS + 4000);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    let continued = 0;
    for (const [symbol, list] of seen) {
      const before = list.filter((q) => q.at < killedAt);
      const after = list.filter((q) => q.at > tookOverAt);
      if (before.length === 0 || after.length === 0) continue;
      continued++;
      // Numbers only grow, through the takeover too (gap-free unless the kill cut a publish in half).
      for (let i = 1; i < list.length; i++) expect(list[i]!.seq, symbol).toBeGreaterThan(list[i - 1]!.seq);
      // The same day goes on: its open and previous close stay, its volume never shrinks.
      expect(after[0]!.open, symbol).toBe(before.at(-1)!.open);
      expect(after[0]!.prevClose, symbol).toBe(before.at(-1)!.prevClose);
      expect(after[0]!.volume, symbol).toBeGreaterThanOrEqual(before.at(-1)!.volume);
    }
    expect(continued).toBeGreaterThan(250);
  });
});
