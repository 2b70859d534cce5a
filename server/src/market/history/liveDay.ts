/** The trading day in progress, which is not in PostgreSQL yet: Redis minute series and the latest quote. */
import {
  type DayBar,
  decimalToCents,
  decodeSeries,
  FEED_KEYS,
  type FeedQuote,
  feedShard,
  type MinuteSeries,
} from '@bourse/shared';
import type { AppContext } from '../../platform/appContext.ts';

/** The trading date the feed is on, and the symbol's latest quote if it has traded that day. */
export function today(
  app: AppContext,
  symbol: string,
): { tradingDate: string | undefined; quote?: FeedQuote } {
  const quote = app.market.quote(symbol);
  return { tradingDate: app.market.status?.tradingDate, quote: quote?.open != null ? quote : undefined };
}

/** A day's complete 1-minute slots as the feed appended them to Redis; null if it has none. */
export async function liveMinuteSeries(
  app: AppContext,
  symbol: string,
  tradingDate: string,
): Promise<MinuteSeries | null> {
  const key = `${app.redisPrefix}${FEED_KEYS.minutesKey(feedShard(symbol), tradingDate, symbol)}`;
  const bytes = await app.redis.getBuffer(key);
  return bytes ? decodeSeries(bytes) : null;
}

/** The day so far as a day bar, from a quote that has traded today. */
export function quoteDayBar(quote: FeedQuote, tradingDate: string): DayBar {
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
