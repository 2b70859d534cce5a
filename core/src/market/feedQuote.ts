import { type FeedQuote, isDecimalString } from '@bourse/shared';

/**
 * The feed's quotes read by hand instead of by feedQuoteSchema: every server process reads the
 * whole universe every publish (5,000 quotes each 500 ms), and zod took a quarter of the
 * server's busy time doing it. Same rules as the schema (its unit test holds the two equal),
 * same output: exactly the schema's keys, so nothing the feed adds reaches a client.
 */

const BOARDS: ReadonlySet<string> = new Set<FeedQuote['board']>(['main', 'chinext', 'star', 'bse']);
const MAX_BOOK_LEVELS = 5;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isDecimal = (value: unknown): value is string => typeof value === 'string' && isDecimalString(value);
const isNullableDecimal = (value: unknown): value is string | null => value === null || isDecimal(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isCount = (value: unknown): value is number => isInt(value) && value >= 0;

function readBook(value: unknown): FeedQuote['bids'] | undefined {
  if (!Array.isArray(value) || value.length > MAX_BOOK_LEVELS) return undefined;
  const levels: FeedQuote['bids'] = [];
  for (const level of value) {
    if (!isObject(level) || !isDecimal(level.price) || !isCount(level.volume)) return undefined;
    levels.push({ price: level.price, volume: level.volume });
  }
  return levels;
}

function readIndicative(value: unknown): FeedQuote['indicative'] | undefined {
  if (value === null) return null;
  if (!isObject(value) || typeof value.price !== 'string' || !isInt(value.volume)) return undefined;
  return { price: value.price, volume: value.volume };
}

/** A full quote as feedQuoteSchema would accept it, else undefined. */
export function readFeedQuote(value: unknown): FeedQuote | undefined {
  if (!isObject(value)) return undefined;
  const q = value;
  if (
    typeof q.symbol !== 'string' ||
    typeof q.name !== 'string' ||
    !isDecimal(q.price) ||
    !isDecimal(q.change) ||
    !isDecimal(q.pct) ||
    !isNullableDecimal(q.open) ||
    !isNullableDecimal(q.high) ||
    !isNullableDecimal(q.low) ||
    !isCount(q.volume) ||
    !isDecimal(q.turnover) ||
    !isDecimal(q.turnoverRate) ||
    !isNumber(q.ts) ||
    !isInt(q.seq) ||
    !isDecimal(q.prevClose) ||
    !isNullableDecimal(q.limitUp) ||
    !isNullableDecimal(q.limitDown) ||
    typeof q.board !== 'string' ||
    !BOARDS.has(q.board) ||
    !isNumber(q.time)
  ) {
    return undefined;
  }
  const bids = readBook(q.bids);
  const asks = readBook(q.asks);
  const indicative = readIndicative(q.indicative);
  if (!bids || !asks || indicative === undefined) return undefined;
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
    name: q.name,
    prevClose: q.prevClose,
    limitUp: q.limitUp,
    limitDown: q.limitDown,
    board: q.board as FeedQuote['board'],
    bids,
    asks,
    indicative,
    time: q.time,
  };
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A quotes channel message, `{ quotes: [...] }`: all its quotes, or undefined if any one is bad. */
export function readFeedQuotesMessage(text: string): FeedQuote[] | undefined {
  const message = parse(text);
  if (!isObject(message) || !Array.isArray(message.quotes)) return undefined;
  const quotes: FeedQuote[] = [];
  for (const value of message.quotes) {
    const quote = readFeedQuote(value);
    if (!quote) return undefined;
    quotes.push(quote);
  }
  return quotes;
}

/** One snapshot hash value. */
export const readFeedQuoteJson = (text: string): FeedQuote | undefined => readFeedQuote(parse(text));
