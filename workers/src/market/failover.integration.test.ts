import { readWireQuotes } from '@bourse/core/market/feedWire.ts';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { FEED_KEYS, FEED_SHARDS, feedStatusMessageSchema, parseJson } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeCheckpoint } from '../feed/checkpoint.ts';

const LOCK_TTL_MS = 1500;
const FEED = new URL('./testing/feedProcess.ts', import.meta.url);
const FEED_ENV = {
  FEED_SYMBOLS: '300',
  FEED_LOCK_TTL_MS: String(LOCK_TTL_MS),
  FEED_PUBLISH_MS: '250',
  FEED_BACKFILL_DAYS: '0',
};
/** Of the 300 symbols, how many must be seen on both sides of the takeover. */
const CONTINUED = 250;

interface Seen {
  seq: number;
  open: string | null;
  prevClose: string;
  volume: number;
  at: number;
}

describe('feed failover (two processes on postgres)', () => {
  const seen = new Map<string, Seen[]>();
  let harness: CrashHarness;
  let subscriber: Redis;

  beforeAll(async () => {
    harness = await crashHarness();
    const { redis, prefix } = harness;
    subscriber = redis.duplicate();
    subscriber.on('message', (_channel: string, text: string) => {
      for (const q of readWireQuotes(text)!) {
        const entry = { seq: q.seq, open: q.open, prevClose: q.prevClose, volume: q.volume, at: Date.now() };
        seen.set(q.symbol, [...(seen.get(q.symbol) ?? []), entry]);
      }
    });
    await subscriber.subscribe(
      ...Array.from({ length: FEED_SHARDS }, (_, s) => `${prefix}${FEED_KEYS.quotesChannel(s)}`),
    );
  });

  afterAll(async () => {
    subscriber?.disconnect();
    await harness?.cleanup();
  });

  it(
    'takes over within seconds of the active feed being killed, continuing every symbol’s numbers and day',
    async () => {
      const { redis, prefix } = harness;
      const first = harness.fork(FEED, FEED_ENV);
      await first.sent('active');
      const second = harness.fork(FEED, FEED_ENV);
      await second.sent('started');
      // The active feed checkpoints its day, so the standby resumes from there instead of replaying it.
      const checkpoint = await vi.waitFor(
        async () => {
          const stored = await redis.getBuffer(`${prefix}market:feed:checkpoint`);
          expect(stored).not.toBeNull();
          return stored!;
        },
        { timeout: 20_000, interval: 100 },
      );
      const state = decodeCheckpoint(checkpoint);
      const status = parseJson(feedStatusMessageSchema, await redis.get(`${prefix}${FEED_KEYS.statusKey}`));
      expect(state?.tradingDate).toBe(status?.tradingDate);
      // Enough symbols quoted by the first feed to compare with what the second publishes.
      await vi.waitFor(() => expect(seen.size).toBeGreaterThan(CONTINUED), { timeout: 10_000, interval: 50 });

      const killedAt = Date.now();
      await first.kill9();
      const tookOverAt = await second.sent('active');
      expect(tookOverAt - killedAt).toBeLessThan(LOCK_TTL_MS + 4000);
      // Symbols quoted by both feeds: wait until the second has published most of them.
      const continued = () =>
        [...seen].flatMap(([symbol, list]) => {
          const before = list.filter((q) => q.at < killedAt);
          const after = list.filter((q) => q.at > tookOverAt);
          return before.length > 0 && after.length > 0 ? [{ symbol, list, before, after }] : [];
        });
      await vi.waitFor(() => expect(continued().length).toBeGreaterThan(CONTINUED), {
        timeout: 10_000,
        interval: 50,
      });

      for (const { symbol, list, before, after } of continued()) {
        // Numbers only grow, through the takeover too (gap-free unless the kill cut a publish in half).
        for (let i = 1; i < list.length; i++) expect(list[i]!.seq, symbol).toBeGreaterThan(list[i - 1]!.seq);
        // The same day goes on: its open and previous close stay, its volume never shrinks.
        expect(after[0]!.open, symbol).toBe(before.at(-1)!.open);
        expect(after[0]!.prevClose, symbol).toBe(before.at(-1)!.prevClose);
        expect(after[0]!.volume, symbol).toBeGreaterThanOrEqual(before.at(-1)!.volume);
      }
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
