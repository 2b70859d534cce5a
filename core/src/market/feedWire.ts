import type { FeedQuote, TradeTick } from '@bourse/shared';
import {
  isCount,
  isDecimal,
  isInt,
  isNullableDecimal,
  isNumber,
  isQuoteBoard,
  parseJsonText,
} from './feedQuote.ts';

/**
 * The feed's quotes and trades channels on Redis, encoded positionally: every consumer (each
 * server, the matcher, the alert evaluator) parses every message of the shards it follows, and
 * the field names and the book's `{price, volume}` objects were more than half the bytes and most
 * of the parse. Internal to the deployment (clients get the /market events of DESIGN.md, and the
 * snapshot hash keeps full quote JSON); `pnpm feed:wire` measures it. ADR 0030.
 *
 * A quotes message is `[1, quote, quote, ...]`, each quote an array in QUOTE_WIRE_FIELDS order,
 * `indicative` as `[price, volume]` or null, each side of the book flat: `[price, volume, price,
 * volume, ...]`, best first. A trades message is `[1, batch, batch, ...]`, each batch
 * `[symbol, price, volume, side, kind, time, seq, price, ...]`: seven values per trade, `kind`
 * as an index of TRADE_KINDS. Each quote is whole, so a message lost costs only latency: the
 * next one of the symbol, or the snapshot on a gap in `seq` (MarketState), puts it right.
 */
export const FEED_WIRE_VERSION = 1;

/** Where each FeedQuote field sits in a quote's array. */
export const QUOTE_WIRE_FIELDS = [
  'symbol',
  'name',
  'seq',
  'ts',
  'time',
  'price',
  'change',
  'pct',
  'open',
  'high',
  'low',
  'volume',
  'turnover',
  'turnoverRate',
  'prevClose',
  'limitUp',
  'limitDown',
  'board',
  'indicative',
  'bids',
  'asks',
] as const satisfies readonly (keyof FeedQuote)[];

/** A trade's `kind` on the wire: its index here (an absent kind is continuous, as the contract says). */
export const TRADE_KINDS = ['continuous', 'open', 'close'] as const;

const MAX_BOOK_LEVELS = 5;
const TRADE_WIDTH = 6;

type Book = FeedQuote['bids'];

function flatBook(book: Book): (string | number)[] {
  const flat: (string | number)[] = [];
  for (const level of book) flat.push(level.price, level.volume);
  return flat;
}

/** One quote's array, as JSON: the contract's fields only, whatever else the object carries. */
export function encodeWireQuote(q: FeedQuote): string {
  return JSON.stringify([
    q.symbol,
    q.name,
    q.seq,
    q.ts,
    q.time,
    q.price,
    q.change,
    q.pct,
    q.open,
    q.high,
    q.low,
    q.volume,
    q.turnover,
    q.turnoverRate,
    q.prevClose,
    q.limitUp,
    q.limitDown,
    q.board,
    q.indicative && [q.indicative.price, q.indicative.volume],
    flatBook(q.bids),
    flatBook(q.asks),
  ]);
}

/** A quotes message of quotes already encoded one by one (encodeWireQuote). */
export const wireQuotesMessage = (encoded: readonly string[]): string =>
  `[${FEED_WIRE_VERSION}${encoded.map((text) => `,${text}`).join('')}]`;

export const encodeWireQuotes = (quotes: readonly FeedQuote[]): string =>
  wireQuotesMessage(quotes.map(encodeWireQuote));

export function encodeWireTrades(
  batches: readonly { symbol: string; trades: readonly TradeTick[] }[],
): string {
  const rows = batches.map(({ symbol, trades }) => {
    const row: (string | number)[] = [symbol];
    for (const t of trades)
      row.push(t.price, t.volume, t.side, TRADE_KINDS.indexOf(t.kind ?? 'continuous'), t.time, t.seq);
    return row;
  });
  return JSON.stringify([FEED_WIRE_VERSION, ...rows]);
}

function readBook(value: unknown): Book | undefined {
  if (!Array.isArray(value) || value.length % 2 !== 0 || value.length > 2 * MAX_BOOK_LEVELS) return undefined;
  const levels: Book = [];
  for (let i = 0; i < value.length; i += 2) {
    const price: unknown = value[i];
    const volume: unknown = value[i + 1];
    if (!isDecimal(price) || !isCount(volume)) return undefined;
    levels.push({ price, volume });
  }
  return levels;
}

function readIndicative(value: unknown): FeedQuote['indicative'] | undefined {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [price, volume]: unknown[] = value;
  return typeof price === 'string' && isInt(volume) ? { price, volume } : undefined;
}

/** A quote's array, of the right length, else undefined. */
export const wireQuoteRow = (row: unknown): unknown[] | undefined =>
  Array.isArray(row) && row.length === QUOTE_WIRE_FIELDS.length ? row : undefined;

/** One quote's array as feedQuoteSchema's rules accept it, else undefined. */
function readWireQuote(value: unknown): FeedQuote | undefined {
  const row = wireQuoteRow(value);
  if (!row) return undefined;
  const [
    symbol,
    name,
    seq,
    ts,
    time,
    price,
    change,
    pct,
    open,
    high,
    low,
    volume,
    turnover,
    turnoverRate,
    prevClose,
    limitUp,
    limitDown,
    board,
  ]: unknown[] = row;
  if (
    typeof symbol !== 'string' ||
    typeof name !== 'string' ||
    !isInt(seq) ||
    !isNumber(ts) ||
    !isNumber(time) ||
    !isDecimal(price) ||
    !isDecimal(change) ||
    !isDecimal(pct) ||
    !isNullableDecimal(open) ||
    !isNullableDecimal(high) ||
    !isNullableDecimal(low) ||
    !isCount(volume) ||
    !isDecimal(turnover) ||
    !isDecimal(turnoverRate) ||
    !isDecimal(prevClose) ||
    !isNullableDecimal(limitUp) ||
    !isNullableDecimal(limitDown) ||
    !isQuoteBoard(board)
  )
    return undefined;
  const indicative = readIndicative(row[18]);
  const bids = readBook(row[19]);
  const asks = readBook(row[20]);
  if (indicative === undefined || !bids || !asks) return undefined;
  // The key order of readFeedQuote's objects: quotes from the snapshot and the wire share a shape.
  return {
    symbol,
    price,
    change,
    pct,
    open,
    high,
    low,
    volume,
    turnover,
    turnoverRate,
    ts,
    seq,
    name,
    prevClose,
    limitUp,
    limitDown,
    board,
    bids,
    asks,
    indicative,
    time,
  };
}

/**
 * A message of this version (its first element is the version), each row after it read by
 * `readRow`; undefined if any row is bad, so nothing of a broken message is half-applied.
 */
export function readWireMessage<T>(text: string, readRow: (row: unknown) => T | undefined): T[] | undefined {
  const message = parseJsonText(text);
  if (!Array.isArray(message) || message[0] !== FEED_WIRE_VERSION) return undefined;
  const read: T[] = [];
  for (let i = 1; i < message.length; i++) {
    const value = readRow(message[i]);
    if (value === undefined) return undefined;
    read.push(value);
  }
  return read;
}

/** A quotes channel message: all its quotes, or undefined if any one is bad. */
export const readWireQuotes = (text: string): FeedQuote[] | undefined => readWireMessage(text, readWireQuote);

export interface WireTradesBatch {
  symbol: string;
  trades: (TradeTick & { kind: (typeof TRADE_KINDS)[number] })[];
}

function readTradesRow(row: unknown): WireTradesBatch | undefined {
  if (!Array.isArray(row) || typeof row[0] !== 'string' || (row.length - 1) % TRADE_WIDTH !== 0)
    return undefined;
  const trades: WireTradesBatch['trades'] = [];
  for (let i = 1; i < row.length; i += TRADE_WIDTH) {
    const [price, volume, side, kindIndex, time, seq]: unknown[] = row.slice(i, i + TRADE_WIDTH);
    const kind = typeof kindIndex === 'number' ? TRADE_KINDS[kindIndex] : undefined;
    if (
      !isDecimal(price) ||
      !isInt(volume) ||
      volume <= 0 ||
      (side !== 'B' && side !== 'S') ||
      !kind ||
      !isNumber(time) ||
      !isInt(seq)
    )
      return undefined;
    trades.push({ price, volume, side, kind, time, seq });
  }
  return { symbol: row[0], trades };
}

/** A trades channel message: its batches, or undefined if any trade is bad. */
export const readWireTrades = (text: string): WireTradesBatch[] | undefined =>
  readWireMessage(text, readTradesRow);
