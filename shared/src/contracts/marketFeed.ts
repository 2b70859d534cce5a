import { z } from 'zod';
import {
  bookLevelSchema,
  dragonTigerEntrySchema,
  indexQuoteSchema,
  instrumentSchema,
  marketStatusSchema,
  quoteSnapshotSchema,
  rankEventSchema,
  tradeTickSchema,
} from './market.ts';

/**
 * The feed → server contract over Redis. One feed process is active (it holds the lock);
 * every server process subscribes to the channels itself and fans out to its own sockets,
 * so market data never round-trips through the Socket.IO adapter.
 *
 * Channels are sharded by symbol so that on Redis Cluster they spread over shard channels
 * (SSUBSCRIBE); on a single Redis they are plain pub/sub channels. Every name here is used
 * behind the deployment's Redis key prefix (AppOptions.redisPrefix, derived from its database:
 * docs/adr/0013), so tests and several deployments can share one Redis.
 */
export const FEED_SHARDS = 16;

export const FEED_KEYS = {
  /**
   * Pub/sub: a batch of full quotes (level 1 + book) of the symbols of one shard, as positional
   * arrays (core/src/market/feedWire.ts, ADR 0030); read, it is a feedQuotesMessageSchema.
   */
  quotesChannel: (shard: number) => `market:{q${shard}}:quotes`,
  /** Pub/sub: batches of trade ticks of one shard, in the same wire; read, a feedTradesMessageSchema. */
  tradesChannel: (shard: number) => `market:{q${shard}}:trades`,
  /**
   * String, appended to during the day: a symbol's (or index's) 1-minute bars of a trading day so far, in
   * the minute-series encoding of marketBars.ts; complete slots only. Expires after a few days.
   */
  minutesKey: (shard: number, tradingDate: string, symbol: string) =>
    `market:{q${shard}}:minutes:${tradingDate}:${symbol}`,
  /** Pub/sub: the index quotes (codes like sh000001, so outside the stock shards) that changed. */
  indicesChannel: 'market:indices',
  /** String: the latest quote of every index, a JSON array. */
  indicesKey: 'market:indices:latest',
  /** Pub/sub: the market status on every phase change (and every few seconds as a heartbeat). */
  statusChannel: 'market:status',
  /** Pub/sub: a ranking list that changed. */
  rankChannel: 'market:rank',
  /** Hash symbol → latest full quote JSON: the snapshot a server (re)builds its state from. */
  snapshotHash: (shard: number) => `market:{q${shard}}:snapshot`,
  /** String: the latest status JSON. */
  statusKey: 'market:status:latest',
  /** String: the instrument listing JSON (written once per trading day). */
  instrumentsKey: 'market:instruments',
  /** String: the latest rank event JSON of a list. */
  rankKey: (list: string) => `market:rank:${list}`,
  /** String with expiry: the active feed's id. Standbys take over when it expires. */
  lockKey: 'market:feed:lock',
} as const;

/** Which shard a symbol's updates go to: stable across processes and restarts. */
export function feedShard(symbol: string): number {
  let hash = 0;
  for (let i = 0; i < symbol.length; i++) hash = (hash * 31 + symbol.charCodeAt(i)) | 0;
  return Math.abs(hash) % FEED_SHARDS;
}

/** A full quote as the feed publishes and snapshots it. */
export const feedQuoteSchema = quoteSnapshotSchema.extend({
  bids: z.array(bookLevelSchema).max(5),
  asks: z.array(bookLevelSchema).max(5),
  indicative: z.object({ price: z.string(), volume: z.number().int() }).nullable(),
  /** Exchange time of the data (differs from ts on a simulated clock). */
  time: z.number(),
});
export type FeedQuote = z.infer<typeof feedQuoteSchema>;

export const feedQuotesMessageSchema = z.object({ quotes: z.array(feedQuoteSchema) });
export const feedTradesMessageSchema = z.object({
  batches: z.array(z.object({ symbol: z.string(), trades: z.array(tradeTickSchema) })),
});
export const feedIndicesMessageSchema = z.object({ indices: z.array(indexQuoteSchema) });
export const feedStatusMessageSchema = marketStatusSchema;
export const feedRankMessageSchema = rankEventSchema;
export const feedInstrumentsSchema = z.array(instrumentSchema);
export const dragonTigerDaySchema = z.object({
  tradingDate: z.string(),
  entries: z.array(dragonTigerEntrySchema),
});
