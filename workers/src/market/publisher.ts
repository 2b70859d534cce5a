/**
 * Writes what the feed produced to Redis as the marketFeed contract says: per shard, the
 * snapshot hash and the quotes channel, the trades channel (both channels in the compact wire of
 * core/src/market/feedWire.ts) and the minute series; then the
 * indices, status, rankings and instrument listing. One pipeline per shard and one for the
 * rest, all sent at once: a publish costs one round trip however much it carries.
 */

import { encodeWireQuotes, encodeWireTrades } from '@bourse/core/market/feedWire.ts';
import {
  type DemoClockState,
  FEED_KEYS,
  feedShard,
  type InstrumentListing,
  MARKET_PROTOCOL_VERSION,
  type MarketStatus,
  type RankEvent,
} from '@bourse/shared';
import type { ChainableCommander, Redis } from 'ioredis';
import type { IndexQuote, InstrumentInfo, PhaseChange, Quote, Trade } from '../feed/index.ts';

/** Minute series outlive their day by a few days: the history store has them by then. */
const MINUTES_TTL_MS = 3 * 86_400_000;

export interface MinuteAppend {
  symbol: string;
  bytes: Uint8Array;
  /** The bytes start the series (header included): they replace whatever the key held. */
  fresh: boolean;
}

export interface Publication {
  /** Full quotes, each with its sequence number set; `ts` is stamped at publish. */
  quotes: readonly Quote[];
  trades: readonly Trade[];
  /** Every index, when any changed; `ts` is stamped at publish. */
  indices: readonly IndexQuote[];
  status?: MarketStatus;
  ranks: readonly RankEvent[];
  minutes?: { tradingDate: string; appends: readonly MinuteAppend[] };
  instruments?: readonly InstrumentInfo[];
}

export function marketStatus(
  change: Pick<PhaseChange, 'phase' | 'tradingDate' | 'simulated' | 'time'>,
  clock?: DemoClockState,
): MarketStatus {
  return {
    protocol: MARKET_PROTOCOL_VERSION,
    phase: change.phase,
    tradingDate: change.tradingDate,
    simulated: change.simulated,
    time: change.time,
    ...(clock ? { clock } : {}),
  };
}

/** What the listing carries: the float stays in the feed; total shares and EPS give the market cap and P/E. */
function listing(info: InstrumentInfo): InstrumentListing {
  return {
    symbol: info.symbol,
    name: info.name,
    initials: info.initials,
    board: info.board,
    exchange: info.exchange,
    isST: info.isST,
    sector: info.sector,
    totalShares: info.totalShares,
    eps: info.eps,
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | number): Map<string | number, T[]> {
  const out = new Map<string | number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = out.get(key);
    if (group) group.push(item);
    else out.set(key, [item]);
  }
  return out;
}

/**
 * Per shard, the snapshot hash's fields (symbol, full quote JSON, ...) and the quotes channel
 * message in the compact wire (feedWire.ts): the snapshot is read rarely (a reload, an order's
 * quote), the channel by every consumer every publish.
 */
export function quoteMessages(
  quotes: readonly Quote[],
): { shard: number; snapshot: string[]; message: string }[] {
  return [...groupBy(quotes, (q) => feedShard(q.symbol))].map(([n, group]) => {
    const snapshot: string[] = [];
    for (const q of group) snapshot.push(q.symbol, JSON.stringify(q));
    return { shard: n as number, snapshot, message: encodeWireQuotes(group) };
  });
}

/** Per shard, the trades channel message: the shard's trades grouped by symbol, in time order. */
export function tradeMessages(trades: readonly Trade[]): { shard: number; message: string }[] {
  return [...groupBy(trades, (t) => feedShard(t.symbol))].map(([n, group]) => ({
    shard: n as number,
    message: encodeWireTrades(
      [...groupBy(group, (t) => t.symbol)].map(([symbol, list]) => ({
        symbol: symbol as string,
        trades: list,
      })),
    ),
  }));
}

export class FeedPublisher {
  /**
   * `wallNow` is the feed clock's real time: quotes leave stamped with it, so `ts` is the
   * publish time that latency is measured from (DESIGN.md), not the earlier instant the
   * simulator computed them (a replay or a slow tick), and a stepped clock stamps the same ts.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly wallNow: () => number,
  ) {}

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }

  async publish(p: Publication): Promise<void> {
    const ts = this.wallNow();
    for (const q of p.quotes) q.ts = ts;
    for (const q of p.indices) q.ts = ts;
    const shards = new Map<number, ChainableCommander>();
    const shard = (n: number) => {
      let pipeline = shards.get(n);
      if (!pipeline) {
        pipeline = this.redis.pipeline();
        shards.set(n, pipeline);
      }
      return pipeline;
    };

    for (const { shard: n, snapshot, message } of quoteMessages(p.quotes)) {
      // The snapshot first: a server that reloads on seeing the message finds it there.
      shard(n)
        .hset(this.key(FEED_KEYS.snapshotHash(n)), ...snapshot)
        .publish(this.key(FEED_KEYS.quotesChannel(n)), message);
    }
    for (const { shard: n, message } of tradeMessages(p.trades)) {
      shard(n).publish(this.key(FEED_KEYS.tradesChannel(n)), message);
    }
    if (p.minutes) {
      const { tradingDate, appends } = p.minutes;
      for (const { symbol, bytes, fresh } of appends) {
        const n = feedShard(symbol);
        const key = this.key(FEED_KEYS.minutesKey(n, tradingDate, symbol));
        const value = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        if (fresh) shard(n).set(key, value, 'PX', MINUTES_TTL_MS);
        else shard(n).append(key, value);
      }
    }

    const rest = this.redis.pipeline();
    if (p.indices.length > 0) {
      const text = JSON.stringify(p.indices);
      rest
        .set(this.key(FEED_KEYS.indicesKey), text)
        .publish(this.key(FEED_KEYS.indicesChannel), `{"indices":${text}}`);
    }
    if (p.instruments) {
      rest.set(this.key(FEED_KEYS.instrumentsKey), JSON.stringify(p.instruments.map(listing)));
    }
    if (p.status) {
      const text = JSON.stringify(p.status);
      rest.set(this.key(FEED_KEYS.statusKey), text).publish(this.key(FEED_KEYS.statusChannel), text);
    }
    for (const event of p.ranks) {
      const text = JSON.stringify(event);
      rest.set(this.key(FEED_KEYS.rankKey(event.list)), text).publish(this.key(FEED_KEYS.rankChannel), text);
    }

    const results = await Promise.all([...shards.values(), rest].map((pipeline) => pipeline.exec()));
    for (const result of results) {
      const failed = result?.find(([err]) => err);
      if (failed) throw failed[0];
    }
  }
}
