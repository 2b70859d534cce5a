import {
  FEED_KEYS,
  type FeedQuote,
  feedQuoteSchema,
  feedShard,
  feedStatusMessageSchema,
  type MarketStatus,
  parseJson,
  shanghaiDate,
} from '@bourse/shared';
import type { Redis } from 'ioredis';

/** What trading reads of the market: the feed's latest status and full quotes. */
export interface MarketView {
  status(): Promise<MarketStatus | null>;
  quotes(symbols: readonly string[]): Promise<Map<string, FeedQuote>>;
}

/**
 * Reads the feed's snapshot keys in Redis on every call rather than a process's in-memory
 * copy: an order is checked against the same quote whichever replica takes it.
 */
export function redisMarketView(redis: Redis, prefix: string): MarketView {
  return {
    async status() {
      return parseJson(feedStatusMessageSchema, await redis.get(`${prefix}${FEED_KEYS.statusKey}`)) ?? null;
    },
    async quotes(symbols) {
      const unique = [...new Set(symbols)];
      const found = new Map<string, FeedQuote>();
      if (unique.length === 0) return found;
      const pipeline = redis.pipeline();
      for (const symbol of unique)
        pipeline.hget(`${prefix}${FEED_KEYS.snapshotHash(feedShard(symbol))}`, symbol);
      const results = (await pipeline.exec()) ?? [];
      unique.forEach((symbol, i) => {
        const [err, text] = results[i] ?? [];
        if (err) throw err;
        const quote = parseJson(feedQuoteSchema, text as string | null);
        if (quote?.symbol === symbol) found.set(symbol, quote);
      });
      return found;
    },
  };
}

/** The market's trading date; the wall-clock date in Shanghai while no feed has said one. */
export function tradingDateOf(status: MarketStatus | null, now = Date.now()): string {
  return status?.tradingDate ?? shanghaiDate(now);
}
