import { type Bar, type Book, Dec } from '@bourse/shared';

/**
 * The day's figures a Chinese broker app shows under the price, each from what the page already
 * has (the quote, the book, day bars, the listing's fundamentals). Decimal arithmetic; null where
 * a figure does not exist yet, which the page shows as a dash.
 */

/** Minutes of continuous trading in a day: 09:30–11:30 and 13:00–15:00. */
export const TRADING_MINUTES_PER_DAY = 240;

const MORNING_OPEN = 9 * 60 + 30;
const MORNING_CLOSE = 11 * 60 + 30;
const AFTERNOON_OPEN = 13 * 60;
const AFTERNOON_CLOSE = 15 * 60;

/** 振幅: (high − low) / previous close, percent with two decimals. */
export function amplitude(high: string | null, low: string | null, prevClose: string): string | null {
  if (high === null || low === null) return null;
  const base = new Dec(prevClose);
  if (base.isZero()) return null;
  return new Dec(high).minus(low).div(base).times(100).toFixed(2);
}

/**
 * 委比: (Σ bid volume − Σ ask volume) / (Σ bid + Σ ask) over the levels shown, percent with two
 * decimals. +100.00 when only buyers queue (sealed at limit up), −100.00 the other way.
 */
export function bidAskImbalance(book: Pick<Book, 'bids' | 'asks'> | undefined): string | null {
  if (!book) return null;
  const bids = book.bids.reduce((sum, level) => sum + level.volume, 0);
  const asks = book.asks.reduce((sum, level) => sum + level.volume, 0);
  if (bids + asks === 0) return null;
  return new Dec(bids - asks)
    .div(bids + asks)
    .times(100)
    .toFixed(2);
}

/** 委差: Σ bid volume − Σ ask volume over the levels shown, shares. */
export function bidAskDifference(book: Pick<Book, 'bids' | 'asks'> | undefined): number | null {
  if (!book) return null;
  return (
    book.bids.reduce((sum, level) => sum + level.volume, 0) -
    book.asks.reduce((sum, level) => sum + level.volume, 0)
  );
}

/**
 * Trading minutes gone at a Beijing minute of the day, 0 to 240: the lunch break and the time
 * after the close add nothing.
 */
export function tradingMinutesElapsed(minuteOfDay: number): number {
  const morning = Math.min(Math.max(minuteOfDay - MORNING_OPEN, 0), MORNING_CLOSE - MORNING_OPEN);
  const afternoon = Math.min(Math.max(minuteOfDay - AFTERNOON_OPEN, 0), AFTERNOON_CLOSE - AFTERNOON_OPEN);
  return morning + afternoon;
}

/**
 * 量比: today's volume per trading minute gone over the average volume per minute of the last
 * five days, two decimals. The opening auction's volume counts as one minute, as the apps show it
 * from 09:25. Null before any trade, or without a past day to compare with.
 */
export function volumeRatio(
  volume: number,
  elapsedMinutes: number,
  pastDays: readonly Pick<Bar, 'volume'>[],
): string | null {
  const days = pastDays.slice(-5);
  const pastVolume = days.reduce((sum, bar) => sum + bar.volume, 0);
  if (volume === 0 || pastVolume === 0) return null;
  const perMinuteToday = new Dec(volume).div(Math.max(elapsedMinutes, 1));
  const perMinutePast = new Dec(pastVolume).div(days.length * TRADING_MINUTES_PER_DAY);
  return perMinuteToday.div(perMinutePast).toFixed(2);
}

/** The trailing P/E (市盈率TTM): price / EPS, two decimals; 'loss' when the company lost money. */
export function priceEarnings(price: string, eps: string | undefined): string | 'loss' | null {
  if (eps === undefined) return null;
  const earnings = new Dec(eps);
  if (earnings.lte(0)) return 'loss';
  return new Dec(price).div(earnings).toFixed(2);
}

/** 总市值: price × total shares, CNY. */
export function marketCap(price: string, totalShares: number | undefined): string | null {
  return totalShares === undefined ? null : new Dec(price).times(totalShares).toFixed(2);
}
