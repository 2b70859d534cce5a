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
  /** forOrder for a batch of orders: the status and each symbol's quote in a single round trip. */
  forOrders(
    symbols: readonly string[],
  ): Promise<{ status: MarketStatus | null; quotes: Map<string, FeedQuote> }>;
}

const snapshotKey = (prefix: string, symbol: string) =>
  `${prefix}${FEED_KEYS.snapshotHash(feedShard(symbol))}`;

/**
 * Reads the feed's snapshot keys in Redis on every call rather than a process's in-memory
 * copy: an order is checked against the same quote whichever replica takes it.
 */
type PipelineResults = [error: Error | null, result: unknown][];

/** The quotes a pipeline's HGETs answered, one per symbol in order; a quote of another symbol is none. */
function quotesFrom(symbols: readonly string[], results: PipelineResults): Map<string, FeedQuote> {
  const found = new Map<string, FeedQuote>();
  symbols.forEach((symbol, i) => {
    const [err, text] = results[i] ?? [];
    if (err) throw err;
    const quote = parseJson(feedQuoteSchema, text as string | null);
    if (quote?.symbol === symbol) found.set(symbol, quote);
  });
  return found;
}

/**
 * Reads the feed's snapshot keys in Redis on every call rather than a process's in-memory
 * copy: an order is checked against the same quote whichever replica takes it.
 */
export function redisMarketView(redis: Redis, prefix: string): MarketView {
  const statusKey = `${prefix}${FEED_KEYS.statusKey}`;
  async function forOrders(symbols: readonly string[]) {
    const unique = [...new Set(symbols)];
    const pipeline = redis.pipeline().get(statusKey);
    for (const symbol of unique) pipeline.hget(snapshotKey(prefix, symbol), symbol);
    const [[statusErr, statusText] = [], ...quoteResults] = (await pipeline.exec()) ?? [];
    if (statusErr) throw statusErr;
    return {
      status: parseJson(feedStatusMessageSchema, statusText as string | null) ?? null,
      quotes: quotesFrom(unique, quoteResults),
    };
  }
  return {
    forOrders,
    async forOrder(symbol) {
      const { status, quotes } = await forOrders([symbol]);
      return { status, quote: quotes.get(symbol) };
    },
    async status() {
      return parseJson(feedStatusMessageSchema, await redis.get(statusKey)) ?? null;
    },
    async quotes(symbols) {
      const unique = [...new Set(symbols)];
      if (unique.length === 0) return new Map();
      const pipeline = redis.pipeline();
      for (const symbol of unique) pipeline.hget(snapshotKey(prefix, symbol), symbol);
      return quotesFrom(unique, (await pipeline.exec()) ?? []);
    },
  };
}

/** The market's trading date; the wall-clock date in Shanghai while no feed has said one. */
export function tradingDateOf(status: MarketStatus | null, now = Date.now()): string {
  return status?.tradingDate ?? shanghaiDate(now);
}
