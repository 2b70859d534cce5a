/** What the list calculators' tests build their quotes and day bars from. */
import { centsToDecimal, type DayBar } from '@bourse/shared';
import type { RankQuote } from '../ranks.ts';
import type { SealQuote } from '../seals.ts';

export type ListQuote = RankQuote & SealQuote;

/**
 * A quote on a 10.00 previous close (limits 11.00 and 9.00): price in cents, a tick either side
 * in the book, at market time 0; the rest as the test needs.
 */
export function quoteOnTen(symbol: string, price: number, extra: Partial<ListQuote> = {}): ListQuote {
  return {
    symbol,
    name: `N${symbol}`,
    price: centsToDecimal(price),
    pct: centsToDecimal(price - 1000),
    open: '10.00',
    turnover: '1000.00',
    turnoverRate: '0.50',
    buyTurnover: '600.00',
    sellTurnover: '400.00',
    limitUp: '11.00',
    limitDown: '9.00',
    bids: [{ price: centsToDecimal(price - 1), volume: 100 }],
    asks: [{ price: centsToDecimal(price + 1), volume: 100 }],
    time: 0,
    ...extra,
  };
}

/** A day bar from its previous close to its close, in cents, with made-up volume. */
export function dayBar(tradingDate: string, prevClose: number, close: number): DayBar {
  return {
    tradingDate,
    prevClose,
    open: prevClose,
    high: Math.max(prevClose, close),
    low: Math.min(prevClose, close),
    close,
    volume: 100,
    turnover: 100 * close,
    turnoverRate: 1,
  };
}
