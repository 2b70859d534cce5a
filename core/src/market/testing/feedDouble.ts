import {
  FEED_KEYS,
  type FeedQuote,
  feedIndicesMessageSchema,
  feedInstrumentsSchema,
  feedQuotesMessageSchema,
  feedRankMessageSchema,
  feedShard,
  feedStatusMessageSchema,
  feedTradesMessageSchema,
  type IndexQuoteUpdate,
  type InstrumentListing,
  MARKET_PROTOCOL_VERSION,
  type MarketStatus,
  type RankEvent,
  type TradeTick,
} from '@bourse/shared';
import type { Redis } from 'ioredis';
import { encodeWireQuotes, encodeWireTrades } from '../feedWire.ts';

/** A schema-valid full quote: 10.00 on a 10.00 close unless told otherwise. */
export function feedQuote(symbol: string, overrides: Partial<FeedQuote> = {}): FeedQuote {
  return {
    symbol,
    name: `测试${symbol}`,
    price: '10.00',
    change: '0.00',
    pct: '0.00',
    open: '10.00',
    high: '10.00',
    low: '10.00',
    volume: 0,
    turnover: '0.00',
    turnoverRate: '0.00',
    prevClose: '10.00',
    limitUp: '11.00',
    limitDown: '9.00',
    board: symbol.startsWith('303') ? 'chinext' : symbol.startsWith('687') ? 'star' : 'main',
    bids: [{ price: '9.99', volume: 100 }],
    asks: [{ price: '10.01', volume: 200 }],
    indicative: null,
    ts: Date.now(),
    time: Date.now(),
    seq: 1,
    ...overrides,
  };
}

/** A schema-valid index quote: 3,000.00 points on a 3,000.00 close unless told otherwise. */
export function indexQuote(symbol: string, overrides: Partial<IndexQuoteUpdate> = {}): IndexQuoteUpdate {
  return {
    symbol,
    name: `指数${symbol}`,
    value: '3000.00',
    open: '3000.00',
    high: '3000.00',
    low: '3000.00',
    prevClose: '3000.00',
    change: '0.00',
    pct: '0.00',
    volume: 0,
    turnover: '0.00',
    ts: Date.now(),
    time: Date.now(),
    seq: 1,
    ...overrides,
  };
}

export function marketStatus(overrides: Partial<MarketStatus> = {}): MarketStatus {
  return {
    protocol: MARKET_PROTOCOL_VERSION,
    phase: 'continuous',
    tradingDate: '2026-07-06',
    simulated: true,
    time: Date.now(),
    ...overrides,
  };
}

export function instrument(symbol: string, name: string, initials: string): InstrumentListing {
  return { symbol, name, initials, board: 'main', exchange: 'SSE', isST: false, sector: 'bank' };
}

/**
 * Stands in for the feed publisher in gateway tests: writes and publishes what the marketFeed
 * contract says (the channels in the feed's wire, feedWire.ts), each message checked against its
 * schema first so the double cannot drift.
 */
export class FeedDouble {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  /**
   * Per shard, the snapshot and then the publish, as the feed does. `trusted` skips the schema
   * check, for the benchmark's volume of synthetic quotes.
   */
  async quotes(
    quotes: readonly FeedQuote[],
    options: { snapshot?: boolean; trusted?: boolean } = {},
  ): Promise<void> {
    const byShard = new Map<number, FeedQuote[]>();
    for (const q of quotes) {
      const shard = feedShard(q.symbol);
      byShard.set(shard, [...(byShard.get(shard) ?? []), q]);
    }
    const pipeline = this.redis.pipeline();
    for (const [shard, batch] of byShard) {
      const message = { quotes: batch };
      if (!options.trusted) feedQuotesMessageSchema.parse(message);
      if (options.snapshot !== false) {
        pipeline.hset(
          this.key(FEED_KEYS.snapshotHash(shard)),
          ...batch.flatMap((q) => [q.symbol, JSON.stringify(q)]),
        );
      }
      pipeline.publish(this.key(FEED_KEYS.quotesChannel(shard)), encodeWireQuotes(batch));
    }
    await pipeline.exec();
  }

  async trades(symbol: string, trades: readonly TradeTick[]): Promise<void> {
    const message = feedTradesMessageSchema.parse({ batches: [{ symbol, trades }] });
    await this.redis.publish(
      this.key(FEED_KEYS.tradesChannel(feedShard(symbol))),
      encodeWireTrades(message.batches),
    );
  }

  /** Every index, as the feed publishes them: the latest in the key, then the message. */
  async indices(indices: readonly IndexQuoteUpdate[]): Promise<void> {
    const message = feedIndicesMessageSchema.parse({ indices });
    await this.redis
      .multi()
      .set(this.key(FEED_KEYS.indicesKey), JSON.stringify(message.indices))
      .publish(this.key(FEED_KEYS.indicesChannel), JSON.stringify(message))
      .exec();
  }

  async status(status: MarketStatus): Promise<void> {
    const text = JSON.stringify(feedStatusMessageSchema.parse(status));
    await this.redis
      .multi()
      .set(this.key(FEED_KEYS.statusKey), text)
      .publish(this.key(FEED_KEYS.statusChannel), text)
      .exec();
  }

  async rank(event: RankEvent): Promise<void> {
    const text = JSON.stringify(feedRankMessageSchema.parse(event));
    await this.redis
      .multi()
      .set(this.key(FEED_KEYS.rankKey(event.list)), text)
      .publish(this.key(FEED_KEYS.rankChannel), text)
      .exec();
  }

  async instruments(listing: readonly InstrumentListing[]): Promise<void> {
    await this.redis.set(
      this.key(FEED_KEYS.instrumentsKey),
      JSON.stringify(feedInstrumentsSchema.parse(listing)),
    );
  }

  /** Anything on a channel, for the messages a broken feed would send. */
  async raw(channel: string, text: string): Promise<void> {
    await this.redis.publish(this.key(channel), text);
  }
}
