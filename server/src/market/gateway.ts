import type { MarketState } from '@bourse/core/market/marketState.ts';
import { toBook, toQuoteSnapshot, toQuoteUpdate } from '@bourse/core/market/quoteViews.ts';
import { UnknownSymbolsError } from '@bourse/core/market/unknownSymbols.ts';
import type { AppConfig } from '@bourse/core/platform/config.ts';
import { logger } from '@bourse/core/platform/logger.ts';
import {
  type Ack,
  bookSubscribeSchema,
  DomainError,
  isErrorKey,
  type Locale,
  MARKET_EVENTS,
  MARKET_NAMESPACE,
  MAX_SYMBOLS_PER_SOCKET,
  type MarketClientToServer,
  type MarketReply,
  type MarketRequest,
  type MarketServerToClient,
  type QuoteUpdate,
  quotesSubscribeSchema,
  type RankList,
  rankSubscribeSchema,
  type TradeTick,
  translateError,
} from '@bourse/shared';
import type { Namespace, Server, Socket as ServerSocket } from 'socket.io';
import type { z } from 'zod';
import { answerPings } from '../http/socketPing.ts';
import { socketLocale } from '../http/socketRefusal.ts';
import { Conflator, type RoomsDrain } from './conflator.ts';
import { eventFrame, sendFrame } from './frames.ts';
import { SubscriptionIndex } from './subscriptionIndex.ts';

export interface GatewayOptions {
  conflationMs: number;
  fanout: AppConfig['marketFanout'];
}

export interface MarketGateway {
  /** How many sockets of this process watch quotes, books, lists, the indices and the breadth. */
  watchers(): { quotes: number; books: number; ranks: number; indices: number; breadth: number };
  close(): void;
}

/** /market typed by the shared event maps: what a client may ask, and what the server may send. */
type MarketNamespace = Namespace<MarketClientToServer, MarketServerToClient>;
type Socket = ServerSocket<MarketClientToServer, MarketServerToClient>;
type MarketBroadcast = ReturnType<MarketNamespace['to']>;

/** A socket with more than this queued (about four full 300-symbol batches) is skipped for the window. */
const MAX_QUEUED_BYTES = 256 * 1024;
/** Trade ticks kept per symbol per window; older ones of a burst are dropped (their seq shows the gap). */
const MAX_TRADES_PER_WINDOW = 50;
/**
 * Longest stretch a flush writes batches without yielding: with thousands of sockets a whole
 * window's writes would hold up reading the feed's Redis channels (whose output buffer Redis
 * caps) and new handshakes; between slices the event loop serves both.
 */
const FLUSH_SLICE_MS = 10;

const quoteRoom = (symbol: string) => `quote:${symbol}`;
const bookRoom = (symbol: string) => `book:${symbol}`;
const rankRoom = (list: string) => `rank:${list}`;
/** The indices are one subscription: every watcher gets every index that changed. */
const INDICES_KEY = 'indices';
/** The breadth is one figure: every watcher gets it whole. */
const BREADTH_KEY = 'breadth';

/**
 * Bytes a socket has queued but not yet handed to the kernel: engine.io's write buffer plus the
 * WebSocket's. Read from engine.io internals (stable across engine.io 6): no public API says it.
 */
function queuedBytes(socket: Socket): number {
  const conn = socket.conn as unknown as {
    writeBuffer: { data?: unknown }[];
    transport: { socket?: { bufferedAmount?: number } };
  };
  let bytes = conn.transport.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer) if (typeof packet.data === 'string') bytes += packet.data.length;
  return bytes;
}

/** Parses a client payload; the schemas carry error keys as messages, anything else is a bad payload. */
function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const key = result.error.issues[0]?.message;
  if (key === 'market.tooManySymbols') throw new DomainError(key, { max: MAX_SYMBOLS_PER_SOCKET });
  throw new DomainError(isErrorKey(key) ? key : 'market.badPayload');
}

function failure(err: unknown, locale: Locale): Ack<never> {
  if (!(err instanceof DomainError)) {
    logger.error({ err }, 'market: socket request failed');
    return failure(new DomainError('common.internal'), locale);
  }
  const error = { key: err.key, message: translateError(locale, err.key, err.params) };
  return {
    ok: false,
    error: err instanceof UnknownSymbolsError ? { ...error, symbols: err.symbols } : error,
  };
}

/** One kind of subscription: who watches which key, and what each is owed this window. */
function channel() {
  const index = new SubscriptionIndex<Socket>();
  return { index, conflator: new Conflator(index) };
}

/**
 * A subscription without a payload to a single key (the indices, the breadth) in a room of the
 * key's name: there are few of them and a watcher wants them all.
 */
function wholeSubscription<T>(of: ReturnType<typeof channel>, key: string, snapshot: () => T) {
  return {
    subscribe(socket: Socket) {
      of.index.add(socket, [key]);
      socket.join(key);
      return snapshot();
    },
    unsubscribe(socket: Socket): null {
      of.index.remove(socket, [key]);
      socket.leave(key);
      return null;
    },
  };
}

/**
 * Namespace /market on this process's sockets. Market data never goes through the Socket.IO
 * adapter: the state hears the feed's Redis channels itself and every emit here is local.
 * One flush timer for the whole process sends what changed in the window (docs/adr/0004).
 */
export function attachMarketGateway(io: Server, state: MarketState, options: GatewayOptions): MarketGateway {
  const nsp: MarketNamespace = io.of(MARKET_NAMESPACE);
  const quotes = channel();
  const books = channel();
  const ranks = channel();
  const indices = channel();
  const breadth = channel();
  const wholeIndices = wholeSubscription(indices, INDICES_KEY, () => state.indexQuotes());
  const wholeBreadth = wholeSubscription(breadth, BREADTH_KEY, () => state.breadth());
  const pendingTrades = new Map<string, TradeTick[]>();
  /** Index codes that changed this window. */
  const changedIndices = new Set<string>();

  function limit(index: SubscriptionIndex<Socket>, socket: Socket, keys: readonly string[]): void {
    if (index.countWith(socket, keys) > MAX_SYMBOLS_PER_SOCKET) {
      throw new DomainError('market.tooManySymbols', { max: MAX_SYMBOLS_PER_SOCKET });
    }
  }

  function knownQuote(symbol: string) {
    const quote = state.quote(symbol);
    if (!quote) throw new UnknownSymbolsError([symbol]);
    return quote;
  }

  /** Each request's answer is its ack's data, of the type the shared map gives it. */
  const requests: { [E in MarketRequest]: (socket: Socket, payload: unknown) => MarketReply<E> } = {
    [MARKET_EVENTS.quotesSubscribe](socket: Socket, payload: unknown) {
      const symbols = [...new Set(parsePayload(quotesSubscribeSchema, payload).symbols)];
      const unknown = symbols.filter((symbol) => !state.quote(symbol));
      // All or nothing: a failed subscribe changes nothing, and names every unknown code.
      if (unknown.length > 0) throw new UnknownSymbolsError(unknown);
      limit(quotes.index, socket, symbols);
      quotes.index.add(socket, symbols);
      if (options.fanout === 'rooms') socket.join(symbols.map(quoteRoom));
      return symbols.map((symbol) => toQuoteSnapshot(knownQuote(symbol)));
    },
    [MARKET_EVENTS.quotesUnsubscribe](socket: Socket, payload: unknown) {
      const { symbols } = parsePayload(quotesSubscribeSchema, payload);
      quotes.index.remove(socket, symbols);
      if (options.fanout === 'rooms') for (const symbol of symbols) socket.leave(quoteRoom(symbol));
      return null;
    },
    [MARKET_EVENTS.bookSubscribe](socket: Socket, payload: unknown) {
      const { symbol } = parsePayload(bookSubscribeSchema, payload);
      const quote = knownQuote(symbol);
      limit(books.index, socket, [symbol]);
      // One watch of the shard's trades per book the index holds.
      if (!books.index.has(socket, symbol)) state.watchTrades(symbol);
      books.index.add(socket, [symbol]);
      socket.join(bookRoom(symbol));
      return toBook(quote);
    },
    [MARKET_EVENTS.bookUnsubscribe](socket: Socket, payload: unknown) {
      const { symbol } = parsePayload(bookSubscribeSchema, payload);
      if (books.index.has(socket, symbol)) state.unwatchTrades(symbol);
      books.index.remove(socket, [symbol]);
      socket.leave(bookRoom(symbol));
      return null;
    },
    [MARKET_EVENTS.rankSubscribe](socket: Socket, payload: unknown) {
      const { list } = parsePayload(rankSubscribeSchema, payload);
      ranks.index.add(socket, [list]);
      socket.join(rankRoom(list));
      return state.rankOrEmpty(list);
    },
    [MARKET_EVENTS.rankUnsubscribe](socket: Socket, payload: unknown) {
      const { list } = parsePayload(rankSubscribeSchema, payload);
      ranks.index.remove(socket, [list]);
      socket.leave(rankRoom(list));
      return null;
    },
    [MARKET_EVENTS.indicesSubscribe]: wholeIndices.subscribe,
    [MARKET_EVENTS.indicesUnsubscribe]: wholeIndices.unsubscribe,
    [MARKET_EVENTS.breadthSubscribe]: wholeBreadth.subscribe,
    [MARKET_EVENTS.breadthUnsubscribe]: wholeBreadth.unsubscribe,
  };

  nsp.on('connection', (socket) => {
    const locale = socketLocale(socket);
    answerPings(socket, locale);
    for (const event of Object.keys(requests) as MarketRequest[]) {
      const handle = requests[event];
      // The payload and the ack are the client's: parsed and checked here, whatever the map says.
      socket.on(event, (payload: unknown, ack?: unknown) => {
        let reply: Ack<unknown>;
        try {
          reply = { ok: true, data: handle(socket, payload) };
        } catch (err) {
          reply = failure(err, locale);
        }
        if (typeof ack === 'function') ack(reply);
      });
    }
    socket.on('disconnect', () => {
      for (const symbol of books.index.keysOf(socket)) state.unwatchTrades(symbol);
      for (const { index, conflator } of [quotes, books, ranks, indices, breadth]) {
        index.removeAll(socket);
        conflator.forget(socket);
      }
    });
    if (state.status) socket.emit(MARKET_EVENTS.status, state.status);
    socket.emit(MARKET_EVENTS.stream, { state: state.stream });
  });

  const unlisten = state.listen({
    quotes(symbols) {
      for (const symbol of symbols) {
        quotes.conflator.touch(symbol);
        books.conflator.touch(symbol);
      }
    },
    trades(batches) {
      for (const { symbol, trades } of batches) {
        if (books.index.subscribersOf(symbol).size === 0) continue;
        const pending = [...(pendingTrades.get(symbol) ?? []), ...trades];
        pendingTrades.set(symbol, pending.slice(-MAX_TRADES_PER_WINDOW));
      }
    },
    indices(symbols) {
      if (indices.index.subscribersOf(INDICES_KEY).size === 0) return;
      for (const symbol of symbols) changedIndices.add(symbol);
      indices.conflator.touch(INDICES_KEY);
    },
    breadth() {
      breadth.conflator.touch(BREADTH_KEY);
    },
    rank(list) {
      ranks.conflator.touch(list);
    },
    status(status) {
      nsp.local.emit(MARKET_EVENTS.status, status);
    },
    stream(stream) {
      nsp.local.emit(MARKET_EVENTS.stream, { state: stream });
    },
  });

  /** This process's sockets but the backed-up ones. */
  function localExcept(skipped: readonly Socket[]) {
    return skipped.length > 0 ? nsp.local.except(skipped.map((socket) => socket.id)) : nsp.local;
  }

  /**
   * Each key of the window once to its room, leaving out the backed-up sockets; catch-ups to
   * each socket alone (the room of its id).
   */
  function broadcast(
    drain: RoomsDrain<Socket>,
    room: (key: string) => string,
    send: (to: MarketBroadcast, key: string) => void,
  ): readonly Socket[] {
    const target = localExcept(drain.skipped);
    for (const key of drain.keys) send(target.to(room(key)), key);
    for (const [socket, keys] of drain.catchUp) {
      for (const key of keys) send(nsp.local.to(socket.id), key);
    }
    return drain.skipped;
  }

  /** Batches of a window still being written in slices; the next window waits until they are out. */
  let writing: Iterator<[Socket, string]> | undefined;
  let closed = false;

  function writeSlice(): void {
    if (!writing || closed) return;
    const started = performance.now();
    for (let next = writing.next(); !next.done; next = writing.next()) {
      sendFrame(...next.value);
      if (performance.now() - started > FLUSH_SLICE_MS) {
        setImmediate(writeSlice);
        return;
      }
    }
    writing = undefined;
  }

  function flush(): void {
    // The last window is still going out: what changed stays dirty for the next tick, and no
    // socket gets a newer batch ahead of an older one.
    if (writing) return;
    const backlog = new Map<Socket, boolean>();
    const backedUp = (socket: Socket) => {
      let full = backlog.get(socket);
      if (full === undefined) {
        full = queuedBytes(socket) > MAX_QUEUED_BYTES;
        backlog.set(socket, full);
      }
      return full;
    };
    // Read once per window, shared by every socket that gets the symbol.
    const updates = new Map<string, QuoteUpdate | undefined>();
    const updateOf = (symbol: string) => {
      if (!updates.has(symbol)) {
        const quote = state.quote(symbol);
        updates.set(symbol, quote && toQuoteUpdate(quote));
      }
      return updates.get(symbol);
    };

    if (options.fanout === 'batch') {
      // Each symbol's update is encoded once per window; a socket's batch joins the shared pieces.
      const encoded = new Map<string, string | undefined>();
      const jsonOf = (symbol: string) => {
        if (!encoded.has(symbol)) {
          const update = updateOf(symbol);
          encoded.set(symbol, update && JSON.stringify(update));
        }
        return encoded.get(symbol);
      };
      const batches = quotes.conflator.drainBatches(backedUp);
      writing = (function* () {
        for (const [socket, symbols] of batches) {
          const pieces = symbols.map(jsonOf).filter((json): json is string => json !== undefined);
          if (pieces.length > 0) {
            yield [socket, eventFrame(MARKET_NAMESPACE, MARKET_EVENTS.quotes, `[${pieces.join(',')}]`)];
          }
        }
      })();
      writeSlice();
    } else {
      broadcast(quotes.conflator.drainRooms(backedUp), quoteRoom, (to, symbol) => {
        const update = updateOf(symbol);
        if (update) to.emit(MARKET_EVENTS.quotes, [update]);
      });
    }

    const skippedBooks = broadcast(books.conflator.drainRooms(backedUp), bookRoom, (to, symbol) => {
      const quote = state.quote(symbol);
      if (quote) to.emit(MARKET_EVENTS.book, toBook(quote));
    });
    const tradesTarget = localExcept(skippedBooks);
    for (const [symbol, trades] of pendingTrades) {
      tradesTarget.to(bookRoom(symbol)).emit(MARKET_EVENTS.trades, { symbol, trades });
    }
    pendingTrades.clear();

    broadcast(ranks.conflator.drainRooms(backedUp), rankRoom, (to, list) => {
      to.emit(MARKET_EVENTS.rank, state.rankOrEmpty(list as RankList));
    });

    // The window's changed indices to the room; a socket that was backed up has missed some, so it gets all.
    const indicesDrain = indices.conflator.drainRooms(backedUp);
    const changed = [...changedIndices].flatMap((symbol) => state.indexQuote(symbol) ?? []);
    changedIndices.clear();
    if (indicesDrain.keys.length > 0 && changed.length > 0) {
      localExcept(indicesDrain.skipped).to(INDICES_KEY).emit(MARKET_EVENTS.indices, changed);
    }
    for (const socket of indicesDrain.catchUp.keys()) socket.emit(MARKET_EVENTS.indices, state.indexQuotes());

    // Whole, so a socket that was backed up needs only the latest.
    broadcast(
      breadth.conflator.drainRooms(backedUp),
      (key) => key,
      (to) => {
        to.emit(MARKET_EVENTS.breadth, state.breadth());
      },
    );
  }

  const timer = setInterval(flush, options.conflationMs);
  return {
    watchers: () => ({
      quotes: quotes.index.subscriberCount,
      books: books.index.subscriberCount,
      ranks: ranks.index.subscriberCount,
      indices: indices.index.subscriberCount,
      breadth: breadth.index.subscriberCount,
    }),
    close() {
      closed = true;
      clearInterval(timer);
      for (const socket of books.index.subscribers())
        for (const symbol of books.index.keysOf(socket)) state.unwatchTrades(symbol);
      unlisten();
    },
  };
}
