import { type FeedQuote, isDecimalString } from '@bourse/shared';

/**
 * The feed's snapshot quotes (full JSON, in the snapshot hash) read by hand instead of by
 * feedQuoteSchema: a server reloads the whole universe from them, and zod took a quarter of the
 * server's busy time reading quotes. Same rules as the schema (its unit test holds the two
 * equal), same output: exactly the schema's keys, so nothing the feed adds reaches a client.
 * The channels' messages are read by feedWire.ts with the same rules.
 */

const BOARDS: ReadonlySet<string> = new Set<FeedQuote['board']>(['main', 'chinext', 'star', 'bse']);
const MAX_BOOK_LEVELS = 5;

type Fields = Record<string, unknown>;

// The schema's rules, one by one: the wire reader (feedWire.ts) applies them too.
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isDecimal = (value: unknown): value is string =>
  typeof value === 'string' && isDecimalString(value);
export const isNullableDecimal = (value: unknown): value is string | null =>
  value === null || isDecimal(value);
export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
export const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
export const isCount = (value: unknown): value is number => isInt(value) && value >= 0;
export const isQuoteBoard = (value: unknown): value is FeedQuote['board'] =>
  typeof value === 'string' && BOARDS.has(value);

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
    !isQuoteBoard(q.board) ||
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
    board: q.board,
    bids,
    asks,
    indicative,
    time: q.time,
  };
}

/** JSON.parse, with undefined for text that is not JSON. */
export const parseJsonText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** One snapshot hash value. */
export const readFeedQuoteJson = (text: string): FeedQuote | undefined => readFeedQuote(parseJsonText(text));
