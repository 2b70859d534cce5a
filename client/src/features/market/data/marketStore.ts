import type {
  Book,
  IndexQuoteUpdate,
  MarketBreadth,
  MarketStatus,
  MarketStream,
  QuoteSnapshot,
  QuoteUpdate,
  RankEvent,
  RankList,
  TradeTick,
} from '@bourse/shared';
import { create } from 'zustand';
import { isStale } from './sequence.ts';

/** How the last change moved the price: drives the cell flash. */
export type Move = -1 | 0 | 1;

/** A quote row as screens read it: the snapshot kept current by updates. */
export interface Quote extends QuoteSnapshot {
  /** Direction of the latest price change. */
  move: Move;
  /** Counts price changes; a cell restarts its flash animation when this changes. */
  moves: number;
}

export type ConnectionState =
  /** No market screen has asked for data yet: no socket. */
  | 'idle'
  /** First connection under way. */
  | 'connecting'
  | 'open'
  /** The connection dropped; socket.io is retrying. Screens show a banner. */
  | 'reconnecting'
  /** The tab is hidden: streaming stopped until it is shown again. */
  | 'paused'
  /** The server speaks another protocol version: nothing is read from it. */
  | 'incompatible'
  /** The server refused the connection (`refusal` says why); tried again on demand or when the tab comes back. */
  | 'refused';

/** Trade ticks kept per symbol for the stock screen's tape. */
export const MAX_TRADES = 50;

export interface MarketState {
  /** Latest quote per symbol, for every symbol subscribed during this visit. */
  quotes: Record<string, Quote>;
  /** Five-level book per symbol with a book subscription. */
  books: Record<string, Book>;
  /** Trade ticks per symbol, newest first, at most MAX_TRADES. */
  trades: Record<string, readonly TradeTick[]>;
  /** Latest event of each subscribed ranking list. */
  ranks: Partial<Record<RankList, RankEvent>>;
  /** Latest quote per index code, while indices are watched. */
  indices: Record<string, IndexQuoteUpdate>;
  /** How many stocks are up, flat and down, while watched; null until the first answer. */
  breadth: MarketBreadth | null;
  /** Market phase, trading date and the simulated flag; null until the server says. */
  status: MarketStatus | null;
  connection: ConnectionState;
  /** While `connection` is 'refused': the errors-catalogue key and its parameters. */
  refusal: { key: string; params: Record<string, string | number> } | null;
  /** `reconnecting` while the server has lost the feed: the prices shown are not live. */
  feed: MarketStream;
  /** Symbols the server refused to stream, with the errors-catalogue key why. */
  refused: Record<string, string>;
}

export const initialMarketState = (): MarketState => ({
  quotes: {},
  books: {},
  trades: {},
  ranks: {},
  indices: {},
  breadth: null,
  status: null,
  connection: 'idle',
  refusal: null,
  feed: 'live',
  refused: {},
});

export const useMarketStore = create<MarketState>(() => initialMarketState());

/** Everything received since the last animation frame, applied in one store update. */
export interface MarketBatch {
  /** Snapshots (subscribe acks) and updates, merged per symbol: the latest wins. */
  quotes: Map<string, QuoteSnapshot | QuoteUpdate>;
  books: Map<string, Book>;
  /** New ticks per symbol, oldest first. */
  trades: Map<string, TradeTick[]>;
  ranks: Map<RankList, RankEvent>;
  indices: Map<string, IndexQuoteUpdate>;
  /** The latest breadth received; each is whole, so later ones replace it. */
  breadth: MarketBreadth | null;
}

export const emptyBatch = (): MarketBatch => ({
  quotes: new Map(),
  books: new Map(),
  trades: new Map(),
  ranks: new Map(),
  indices: new Map(),
  breadth: null,
});

const isSnapshot = (q: QuoteSnapshot | QuoteUpdate): q is QuoteSnapshot => 'name' in q;

/** One quote with a snapshot or an update applied; undefined when it changes nothing. */
export function mergeQuote(current: Quote | undefined, incoming: QuoteSnapshot | QuoteUpdate): Quote | undefined {
  if (current) {
    // A subscribe ack is authoritative even at an equal seq: it may follow a new trading day.
    if (isSnapshot(incoming) ? incoming.seq < current.seq && incoming.ts <= current.ts : isStale(incoming, current))
      return undefined;
    const delta = Number(incoming.price) - Number(current.price);
    const move: Move = delta > 0 ? 1 : delta < 0 ? -1 : 0;
    return move === 0
      ? { ...current, ...incoming, move: current.move, moves: current.moves }
      : { ...current, ...incoming, move, moves: current.moves + 1 };
  }
  // An update without a snapshot has no name or limits to show: wait for the snapshot.
  return isSnapshot(incoming) ? { ...incoming, move: 0, moves: 0 } : undefined;
}

/** The state after a frame's batch; untouched slices keep their identity so selectors stay quiet. */
export function applyBatch(state: MarketState, batch: MarketBatch): Partial<MarketState> {
  const next: Partial<MarketState> = {};
  if (batch.quotes.size > 0) {
    let quotes: Record<string, Quote> | undefined;
    for (const [symbol, incoming] of batch.quotes) {
      const merged = mergeQuote(state.quotes[symbol], incoming);
      if (!merged) continue;
      quotes ??= { ...state.quotes };
      quotes[symbol] = merged;
    }
    if (quotes) next.quotes = quotes;
  }
  if (batch.books.size > 0) {
    const books = { ...state.books };
    for (const [symbol, book] of batch.books) {
      if (!isStale(book, books[symbol])) books[symbol] = book;
    }
    next.books = books;
  }
  if (batch.trades.size > 0) {
    const trades = { ...state.trades };
    for (const [symbol, ticks] of batch.trades) {
      trades[symbol] = [...[...ticks].reverse(), ...(trades[symbol] ?? [])].slice(0, MAX_TRADES);
    }
    next.trades = trades;
  }
  if (batch.ranks.size > 0) {
    const ranks = { ...state.ranks };
    for (const [list, event] of batch.ranks) {
      if (!isStale(event, ranks[list])) ranks[list] = event;
    }
    next.ranks = ranks;
  }
  if (batch.indices.size > 0) {
    const indices = { ...state.indices };
    for (const [symbol, quote] of batch.indices) {
      if (!isStale(quote, indices[symbol])) indices[symbol] = quote;
    }
    next.indices = indices;
  }
  // In the order the socket delivered them, not by ts: a reload that lost quotes may lower it.
  if (batch.breadth) next.breadth = batch.breadth;
  return next;
}
