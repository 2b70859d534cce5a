import {
  FEED_KEYS,
  type FeedQuote,
  feedQuoteSchema,
  feedShard,
  feedStatusMessageSchema,
  MARKET_PROTOCOL_VERSION,
  type MarketStatus,
} from '@bourse/shared';
import type { Redis } from 'ioredis';
import { feedQuote } from '../../market/testing/feedDouble.ts';

/** A trading day in continuous trading; 2026-07-07 is a Tuesday. */
export const TODAY = '2026-07-07';

/** Noon-ish market time of a trading date, ms: what the feed stamps its ticks of that day with. */
export const marketTime = (tradingDate: string, seconds = 0) =>
  Date.parse(`${tradingDate}T02:00:00Z`) + seconds * 1000;

/** A schema-valid full quote of a 10.00 stock, book 9.99 / 10.01 deep enough for any test. */
export function quote(symbol: string, overrides: Partial<FeedQuote> = {}): FeedQuote {
  return feedQuoteSchema.parse(
    feedQuote(symbol, {
      bids: [
        { price: '9.99', volume: 100_000 },
        { price: '9.98', volume: 100_000 },
      ],
      asks: [
        { price: '10.01', volume: 100_000 },
        { price: '10.02', volume: 100_000 },
      ],
      ...overrides,
    }),
  );
}

/**
 * Stands in for the feed: writes the snapshot hash and the status key the way the marketFeed
 * contract says (each value checked against its schema first).
 */
export class MarketDouble {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async status(overrides: Partial<MarketStatus> = {}): Promise<MarketStatus> {
    const status = feedStatusMessageSchema.parse({
      protocol: MARKET_PROTOCOL_VERSION,
      phase: 'continuous',
      tradingDate: TODAY,
      simulated: true,
      time: marketTime(overrides.tradingDate ?? TODAY),
      ...overrides,
    });
    await this.redis.set(`${this.prefix}${FEED_KEYS.statusKey}`, JSON.stringify(status));
    return status;
  }

  async quotes(...quotes: FeedQuote[]): Promise<void> {
    for (const q of quotes) {
      await this.redis.hset(
        `${this.prefix}${FEED_KEYS.snapshotHash(feedShard(q.symbol))}`,
        q.symbol,
        JSON.stringify(q),
      );
    }
  }
}
