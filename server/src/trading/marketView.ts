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
  /** The status and one symbol's quote in a single round trip: what an order is checked against. */
  forOrder(symbol: string): Promise<{ status: MarketStatus | null; quote: FeedQuote | undefined }>;
}

const snapshotKey = (prefix: string, symbol: string) =>
  `${prefix}${FEED_KEYS.snapshotHash(feedShard(symbol))}`;

/**
 * Reads the feed's snapshot keys in Redis on every call rather than a process's in-memory
 * copy: an order is checked against the same quote whichever replica takes it.
 */
export function redisMarketView(redis: Redis, prefix: string): MarketView {
  const statusKey = `${prefix}${FEED_KEYS.statusKey}`;
  return {
    async forOrder(symbol) {
      const results =
        (await redis.pipeline().get(statusKey).hget(snapshotKey(prefix, symbol), symbol).exec()) ?? [];
      const [[statusErr, statusText] = [], [quoteErr, quoteText] = []] = results;
      if (statusErr) throw statusErr;
      if (quoteErr) throw quoteErr;
      const quote = parseJson(feedQuoteSchema, quoteText as string | null);
      return {
        status: parseJson(feedStatusMessageSchema, statusText as string | null) ?? null,
        quote: quote?.symbol === symbol ? quote : undefined,
      };
    },
    async status() {
      return parseJson(feedStatusMessageSchema, await redis.get(statusKey)) ?? null;
    },
    async quotes(symbols) {
      const unique = [...new Set(symbols)];
      const found = new Map<string, FeedQuote>();
      if (unique.length === 0) return found;
      const pipeline = redis.pipeline();
      for (const symbol of unique) pipeline.hget(snapshotKey(prefix, symbol), symbol);
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
