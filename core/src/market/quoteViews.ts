import type { Book, FeedQuote, QuoteSnapshot, QuoteUpdate } from '@bourse/shared';

/** What a `quotes` event carries: level 1 only, the book travels on its own event. */
export function toQuoteUpdate(q: FeedQuote): QuoteUpdate {
  return {
    symbol: q.symbol,
    price: q.price,
    change: q.change,
    pct: q.pct,
    open: q.open,
    high: q.high,
    low: q.low,
    volume: q.volume,
    turnover: q.turnover,
    turnoverRate: q.turnoverRate,
    ts: q.ts,
    seq: q.seq,
  };
}

export function toQuoteSnapshot(q: FeedQuote): QuoteSnapshot {
  return {
    ...toQuoteUpdate(q),
    name: q.name,
    prevClose: q.prevClose,
    limitUp: q.limitUp,
    limitDown: q.limitDown,
    board: q.board,
  };
}

export function toBook(q: FeedQuote): Book {
  return { symbol: q.symbol, bids: q.bids, asks: q.asks, indicative: q.indicative, ts: q.ts, seq: q.seq };
}
