/** The trading day in progress, which is not in PostgreSQL yet: Redis minute series and the latest quote. */
import {
  type DayBar,
  decimalToCents,
  decodeSeries,
  FEED_KEYS,
  feedShard,
  type IndexQuoteUpdate,
  type MarketStatus,
  type MinuteSeries,
} from '@bourse/shared';
import type { PlatformContext } from '../../platform/context.ts';

/**
 * What the charts need of a stock's or an index's day so far, in one shape: an index's value is
 * its price, and it has no turnover rate.
 */
export interface ChartQuote {
  symbol: string;
  price: string;
  open: string | null;
  high: string | null;
  low: string | null;
  prevClose: string;
  volume: number;
  turnover: string;
  turnoverRate: string;
  /** Exchange time of the data. */
  time: number;
}

export function indexChartQuote(q: IndexQuoteUpdate): ChartQuote {
  return {
    symbol: q.symbol,
    price: q.value,
    open: q.open,
    high: q.high,
    low: q.low,
    prevClose: q.prevClose,
    volume: q.volume,
    turnover: q.turnover,
    turnoverRate: '0.00',
    time: q.time,
  };
}

/** What the live day reads: the process's market view (a MarketState) and its Redis. */
export type LiveDayContext = Pick<PlatformContext, 'redis' | 'redisPrefix'> & {
  market: { chartQuote(symbol: string): ChartQuote | undefined; readonly status: MarketStatus | null };
};

/** The trading date the feed is on, and the stock's or index's latest quote if it has traded that day. */
export function today(
  app: LiveDayContext,
  symbol: string,
): { tradingDate: string | undefined; quote?: ChartQuote } {
  const quote = app.market.chartQuote(symbol);
  return { tradingDate: app.market.status?.tradingDate, quote: quote?.open != null ? quote : undefined };
}

/** A day's complete 1-minute slots as the feed appended them to Redis; null if it has none. */
export async function liveMinuteSeries(
  app: LiveDayContext,
  symbol: string,
  tradingDate: string,
): Promise<MinuteSeries | null> {
  const key = `${app.redisPrefix}${FEED_KEYS.minutesKey(feedShard(symbol), tradingDate, symbol)}`;
  const bytes = await app.redis.getBuffer(key);
  return bytes ? decodeSeries(bytes) : null;
}

/** The day so far as a day bar, from a quote that has traded today. */
export function quoteDayBar(quote: ChartQuote, tradingDate: string): DayBar {
  return {
    tradingDate,
    prevClose: decimalToCents(quote.prevClose),
    open: decimalToCents(quote.open ?? quote.price),
    high: decimalToCents(quote.high ?? quote.price),
    low: decimalToCents(quote.low ?? quote.price),
    close: decimalToCents(quote.price),
    volume: quote.volume,
    turnover: decimalToCents(quote.turnover),
    turnoverRate: decimalToCents(quote.turnoverRate),
  };
}
