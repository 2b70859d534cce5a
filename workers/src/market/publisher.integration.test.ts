import { randomUUID } from 'node:crypto';
import { FEED_KEYS, FEED_SHARDS, feedQuoteSchema, indexQuotesSchema } from '@bourse/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { generateUniverse, type IndexQuote, type Quote, SimulatedFeed, steppedClock } from '../feed/index.ts';
import { FeedPublisher } from './publisher.ts';
import { deleteKeys, TEST_REDIS_URL } from './testing/redis.ts';

const at = (hhmm: string) => Date.parse(`2026-07-08T${hhmm}:00+08:00`);
/** How long after the pump the publish goes out: a busy tick, a replay. */
const PUBLISH_DELAY_MS = 750;

describe('FeedPublisher', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefixes: string[] = [];
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  /** Pumps a small market on a stepped clock, publishes a moment later; what Redis then holds. */
  async function run() {
    const prefix = `test:${randomUUID()}:`;
    prefixes.push(prefix);
    const clock = steppedClock(at('09:40'));
    const feed = new SimulatedFeed({ clock, seed: 5, universe: generateUniverse({ seed: 5, size: 40 }) });
    await feed.start();
    await feed.stop();
    let quotes: Quote[] = [];
    let indices: IndexQuote[] = [];
    feed.onQuotes((batch) => {
      quotes = batch;
    });
    feed.onIndices((batch) => {
      indices = batch;
    });
    clock.advance(3_000);
    feed.pump();
    const pumpedAt = clock.wallNow();
    clock.advance(PUBLISH_DELAY_MS);
    await new FeedPublisher(redis, prefix, clock.wallNow).publish({ quotes, trades: [], indices, ranks: [] });
    const hashes = await Promise.all(
      Array.from({ length: FEED_SHARDS }, (_, shard) =>
        redis.hgetall(`${prefix}${FEED_KEYS.snapshotHash(shard)}`),
      ),
    );
    return {
      pumpedAt,
      quotes: hashes
        .flatMap((hash) => Object.values(hash))
        .map((text) => feedQuoteSchema.parse(JSON.parse(text))),
      indices: indexQuotesSchema.parse(JSON.parse((await redis.get(`${prefix}${FEED_KEYS.indicesKey}`))!)),
    };
  }

  it('stamps ts at publish from its clock, and the same seed and clock give the same bytes', async () => {
    const first = await run();
    expect(first.quotes.length).toBeGreaterThan(0);
    expect(first.indices).toHaveLength(3);
    for (const q of [...first.quotes, ...first.indices]) expect(q.ts).toBe(first.pumpedAt + PUBLISH_DELAY_MS);
    const again = await run();
    const bySymbol = <T extends { symbol: string }>(list: T[]) =>
      JSON.stringify([...list].sort((a, b) => a.symbol.localeCompare(b.symbol)));
    expect(bySymbol(again.quotes)).toBe(bySymbol(first.quotes));
    expect(JSON.stringify(again.indices)).toBe(JSON.stringify(first.indices));
  });
});
