import {
  type AckError,
  ackSchema,
  MARKET_EVENTS,
  type MARKET_NAMESPACE,
  MARKET_PROTOCOL_VERSION,
  MAX_SYMBOLS_PER_SOCKET,
  type MarketReply,
  type MarketRequest,
  type MarketRequestPayload,
  marketEventSchemas,
  marketRequests,
  type RankList,
} from '@bourse/shared';
import type { z } from 'zod';
import type { HeardEvent } from '../../../lib/namespaceSocket.ts';
import { refusalOf } from '../../../lib/socketRefusal.ts';
import { FrameInbox, type FrameScheduler } from './frameInbox.ts';
import { applyBatch, type ConnectionState, type MarketState } from './marketStore.ts';
import { judgeSeq, type Sequenced } from './sequence.ts';
import { chunk, diffSets, RefCounter } from './subscriptions.ts';

type RequestEmits = {
  [E in MarketRequest]: (event: E, payload: MarketRequestPayload<E>, ack?: (reply: unknown) => void) => unknown;
};
/** The union's members as one overloaded function type. */
type Overloads<U> = (U extends unknown ? (member: U) => void : never) extends (all: infer I) => void ? I : never;

/**
 * The part of the /market socket the connection uses, typed by the shared event maps: an emit
 * per request with its payload (the ack is read as unknown and parsed). The socket.io-client
 * socket fits it as it is, and so does the tests' fake.
 */
export interface MarketSocket {
  readonly connected: boolean;
  on(event: HeardEvent<typeof MARKET_NAMESPACE>, listener: (...args: never[]) => void): unknown;
  emit: Overloads<RequestEmits[MarketRequest]>;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = () => MarketSocket;

export interface Logger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export interface ConnectionDeps {
  createSocket: SocketFactory;
  /** The market store's state and its setter. */
  getState(): MarketState;
  setState(patch: Partial<MarketState> | ((state: MarketState) => Partial<MarketState>)): void;
  scheduler?: FrameScheduler;
  logger: Logger;
  /** The page, to pause while it is hidden; absent in tests that do not need it. */
  document?: {
    readonly visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
  };
  /** An ack that does not come within this is given up (ms). */
  ackTimeoutMs?: number;
}

const ACK_TIMEOUT_MS = 10_000;

/** The indices and the breadth are one subscription each, without a payload, counted like a list. */
const WHOLE = 'whole';
const WHOLE_EVENTS = {
  indices: { subscribe: MARKET_EVENTS.indicesSubscribe, unsubscribe: MARKET_EVENTS.indicesUnsubscribe },
  breadth: { subscribe: MARKET_EVENTS.breadthSubscribe, unsubscribe: MARKET_EVENTS.breadthUnsubscribe },
} as const;
type Whole = keyof typeof WHOLE_EVENTS;

/** What this socket has asked the server for (acked or on its way). */
const nothingSent = () => ({
  quotes: new Set<string>(),
  books: new Set<string>(),
  ranks: new Set<RankList>(),
  indices: false,
  breadth: false,
});

/**
 * The one connection to the /market namespace. Screens say what they watch (`watchQuotes`,
 * `watchBook`, `watchRank`, `watchIndices`, `watchBreadth`) and let go with the returned function; counts across screens decide
 * what the server is asked for, in one request per kind per tick. Every message is parsed with
 * its shared schema (a bad one is logged and dropped whole) and buffered into the store once
 * per animation frame. On every (re)connect everything wanted is subscribed again, so each
 * screen starts from fresh snapshots; while the page is hidden the socket is closed.
 */
export class MarketConnection {
  private socket: MarketSocket | null = null;
  private readonly inbox: FrameInbox;
  private readonly wanted = {
    quotes: new RefCounter<string>(),
    books: new RefCounter<string>(),
    ranks: new RefCounter<RankList>(),
    indices: new RefCounter<typeof WHOLE>(),
    breadth: new RefCounter<typeof WHOLE>(),
  };
  private sent = nothingSent();
  /** Symbols the server refused, with the error key, until nobody wants them. */
  private readonly refused = new Map<string, string>();
  /** Last trade tick applied per symbol: a gap in their `seq` means ticks were lost. */
  private readonly lastTrade = new Map<string, Sequenced>();
  private syncQueued = false;

  constructor(private readonly deps: ConnectionDeps) {
    this.inbox = new FrameInbox((batch) => deps.setState((state) => applyBatch(state, batch)), deps.scheduler);
  }

  /** Streams quotes of these symbols until the returned function is called. */
  watchQuotes(symbols: readonly string[]): () => void {
    const unique = [...new Set(symbols)];
    this.retain(this.wanted.quotes, unique);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const symbol of this.wanted.quotes.release(unique)) this.forgetRefusal(symbol);
      this.scheduleSync();
    };
  }

  /** The five-level book and trade ticks of one symbol. */
  watchBook(symbol: string): () => void {
    return this.watchKey(this.wanted.books, symbol, (gone) => this.lastTrade.delete(gone));
  }

  /** A ranking list, live. */
  watchRank(list: RankList): () => void {
    return this.watchKey(this.wanted.ranks, list);
  }

  /** Every index quote, live. */
  watchIndices(): () => void {
    return this.watchKey(this.wanted.indices, WHOLE);
  }

  /** How many stocks are up, flat and down, live. */
  watchBreadth(): () => void {
    return this.watchKey(this.wanted.breadth, WHOLE);
  }

  /** Opens the socket without watching anything: the status (phase, simulated) comes with it. */
  open(): void {
    this.ensureSocket();
  }

  /** Asks again after the server refused the connection. */
  retry(): void {
    if (!this.socket || this.connection !== 'refused') return;
    this.setConnection('connecting');
    this.socket.connect();
  }

  /** How many screens want a symbol's quotes (tests and diagnostics). */
  quoteWatchers(symbol: string): number {
    return this.wanted.quotes.count(symbol);
  }

  /** Applies buffered messages now instead of at the next frame (tests). */
  flush(): void {
    this.inbox.flush();
  }

  /** Wants `key` until the returned function is called (a second call does nothing); `onGone` when nobody does. */
  private watchKey<K extends string>(counter: RefCounter<K>, key: K, onGone?: (key: K) => void): () => void {
    this.retain(counter, [key]);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const gone of counter.release([key])) onGone?.(gone);
      this.scheduleSync();
    };
  }

  private retain<K extends string>(counter: RefCounter<K>, keys: readonly K[]): void {
    counter.retain(keys);
    this.ensureSocket();
    this.scheduleSync();
  }

  private forgetRefusal(symbol: string): void {
    if (!this.refused.delete(symbol)) return;
    this.deps.setState((state) => {
      const { [symbol]: _gone, ...refused } = state.refused;
      return { refused };
    });
  }

  private get connection(): ConnectionState {
    return this.deps.getState().connection;
  }

  private setConnection(connection: ConnectionState): void {
    if (this.connection !== connection) this.deps.setState({ connection, refusal: null });
  }

  private ensureSocket(): void {
    if (this.socket || this.connection === 'incompatible') return;
    const socket = this.deps.createSocket();
    this.socket = socket;
    this.setConnection('connecting');
    socket.on('connect', () => this.onConnect());
    socket.on('disconnect', (reason: string) => this.onDisconnect(reason));
    socket.on('connect_error', (error: unknown) => {
      const refusal = refusalOf(error);
      // socket.io does not retry a refusal (too many connections, say) by itself.
      if (refusal) this.deps.setState({ connection: 'refused', refusal: { key: refusal.key, params: refusal.params } });
      else if (this.connection === 'connecting') this.setConnection('reconnecting');
    });
    socket.on(MARKET_EVENTS.stream, (payload: unknown) =>
      this.read(marketEventSchemas[MARKET_EVENTS.stream], payload, MARKET_EVENTS.stream, ({ state }) =>
        this.deps.setState({ feed: state }),
      ),
    );
    socket.on(MARKET_EVENTS.status, (payload: unknown) => this.onStatus(payload));
    socket.on(MARKET_EVENTS.quotes, (payload: unknown) => this.onQuotes(payload));
    socket.on(MARKET_EVENTS.book, (payload: unknown) => this.onBook(payload));
    socket.on(MARKET_EVENTS.trades, (payload: unknown) => this.onTrades(payload));
    socket.on(MARKET_EVENTS.rank, (payload: unknown) => this.onRank(payload));
    socket.on(MARKET_EVENTS.indices, (payload: unknown) => this.onIndices(payload));
    socket.on(MARKET_EVENTS.breadth, (payload: unknown) =>
      this.read(marketEventSchemas[MARKET_EVENTS.breadth], payload, MARKET_EVENTS.breadth, (breadth) =>
        this.inbox.breadth(breadth),
      ),
    );
    this.deps.document?.addEventListener('visibilitychange', () => this.onVisibility());
    if (this.deps.document?.visibilityState === 'hidden') this.pause();
    else socket.connect();
  }

  private onConnect(): void {
    this.setConnection('open');
    this.resubscribeAll();
  }

  /** Forget what the server had: the next sync asks again and every answer is a fresh snapshot. */
  private resubscribeAll(): void {
    this.sent = nothingSent();
    this.lastTrade.clear();
    this.scheduleSync();
  }

  private onDisconnect(reason: string): void {
    this.sent = nothingSent();
    if (this.connection === 'paused' || this.connection === 'incompatible') return;
    this.setConnection('reconnecting');
    // socket.io retries by itself except after a server-side disconnect.
    if (reason === 'io server disconnect') this.socket?.connect();
  }

  private onVisibility(): void {
    if (this.deps.document?.visibilityState === 'hidden') this.pause();
    else this.resume();
  }

  private pause(): void {
    if (!this.socket || this.connection === 'incompatible') return;
    // A refusal stays on screen while the tab is hidden; coming back asks again.
    if (this.connection === 'refused') return;
    this.setConnection('paused');
    this.inbox.discard();
    this.socket.disconnect();
  }

  private resume(): void {
    if (!this.socket || (this.connection !== 'paused' && this.connection !== 'refused')) return;
    this.setConnection('connecting');
    this.socket.connect();
  }

  private onStatus(payload: unknown): void {
    const protocol = (payload as { protocol?: unknown } | null)?.protocol;
    if (typeof protocol === 'number' && protocol !== MARKET_PROTOCOL_VERSION) {
      this.deps.logger.error(
        `market: the server speaks protocol ${protocol}, this client ${MARKET_PROTOCOL_VERSION}`,
      );
      this.setConnection('incompatible');
      this.inbox.discard();
      this.socket?.disconnect();
      return;
    }
    const parsed = marketEventSchemas[MARKET_EVENTS.status].safeParse(payload);
    if (!parsed.success) {
      this.deps.logger.error('market: a status message broke its contract; dropped', parsed.error.issues);
      return;
    }
    const previous = this.deps.getState().status;
    this.deps.setState({ status: parsed.data });
    // A new trading day brings new previous closes and limits: take fresh snapshots.
    if (previous && previous.tradingDate !== parsed.data.tradingDate) this.resubscribeAll();
  }

  private onQuotes(payload: unknown): void {
    const parsed = marketEventSchemas[MARKET_EVENTS.quotes].safeParse(payload);
    if (!parsed.success) return this.dropped(MARKET_EVENTS.quotes, parsed.error.issues);
    for (const update of parsed.data) this.inbox.quote(update);
  }

  private onBook(payload: unknown): void {
    const parsed = marketEventSchemas[MARKET_EVENTS.book].safeParse(payload);
    if (!parsed.success) return this.dropped(MARKET_EVENTS.book, parsed.error.issues);
    this.inbox.book(parsed.data);
  }

  private onTrades(payload: unknown): void {
    const parsed = marketEventSchemas[MARKET_EVENTS.trades].safeParse(payload);
    if (!parsed.success) return this.dropped(MARKET_EVENTS.trades, parsed.error.issues);
    const { symbol, trades } = parsed.data;
    if (!this.wanted.books.has(symbol)) return;
    const fresh = [];
    let gap = false;
    for (const tick of trades) {
      const sequenced = { seq: tick.seq, ts: tick.time };
      const verdict = judgeSeq(sequenced, this.lastTrade.get(symbol));
      if (verdict === 'stale') continue;
      if (verdict === 'gap') gap = true;
      this.lastTrade.set(symbol, sequenced);
      fresh.push(tick);
    }
    this.inbox.trades(symbol, fresh);
    if (gap) this.resyncBook(symbol);
  }

  private onRank(payload: unknown): void {
    const parsed = marketEventSchemas[MARKET_EVENTS.rank].safeParse(payload);
    if (!parsed.success) return this.dropped(MARKET_EVENTS.rank, parsed.error.issues);
    this.inbox.rank(parsed.data);
  }

  private onIndices(payload: unknown): void {
    const parsed = marketEventSchemas[MARKET_EVENTS.indices].safeParse(payload);
    if (!parsed.success) return this.dropped(MARKET_EVENTS.indices, parsed.error.issues);
    for (const quote of parsed.data) this.inbox.index(quote);
  }

  /** Hands `payload` to `use` if it keeps its contract; else logs it and drops it whole. */
  private read<T>(schema: z.ZodType<T>, payload: unknown, what: string, use: (value: T) => void): void {
    const parsed = schema.safeParse(payload);
    if (parsed.success) use(parsed.data);
    else this.dropped(what, parsed.error.issues);
  }

  private dropped(event: string, issues: unknown): void {
    this.deps.logger.error(`market: a ${event} message broke its contract; dropped`, issues);
  }

  /** Ticks were lost: ask for the symbol again, whose answer is a fresh book. */
  private resyncBook(symbol: string): void {
    this.sent.books.delete(symbol);
    this.lastTrade.delete(symbol);
    this.scheduleSync();
  }

  private scheduleSync(): void {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  /** Brings the server's subscriptions in line with what screens want. */
  private sync(): void {
    const socket = this.socket;
    if (!socket?.connected || this.connection !== 'open') return;
    const wantedQuotes = new Set(this.wanted.quotes.keys().filter((s) => !this.refused.has(s)));
    const quotes = diffSets(this.sent.quotes, wantedQuotes);
    for (const symbols of chunk(quotes.unsubscribe, MAX_SYMBOLS_PER_SOCKET)) {
      for (const symbol of symbols) this.sent.quotes.delete(symbol);
      socket.emit(MARKET_EVENTS.quotesUnsubscribe, { symbols });
    }
    for (const symbols of chunk(quotes.subscribe, MAX_SYMBOLS_PER_SOCKET)) {
      for (const symbol of symbols) this.sent.quotes.add(symbol);
      const request = { symbols };
      socket.emit(
        MARKET_EVENTS.quotesSubscribe,
        request,
        this.answer(
          MARKET_EVENTS.quotesSubscribe,
          request,
          (snapshots) => {
            for (const snapshot of snapshots) this.inbox.quote(snapshot);
          },
          (error) => this.onQuotesRefused(symbols, error),
        ),
      );
    }

    const books = diffSets(this.sent.books, new Set(this.wanted.books.keys()));
    for (const symbol of books.unsubscribe) {
      this.sent.books.delete(symbol);
      socket.emit(MARKET_EVENTS.bookUnsubscribe, { symbol });
    }
    for (const symbol of books.subscribe) {
      this.sent.books.add(symbol);
      const request = { symbol };
      socket.emit(
        MARKET_EVENTS.bookSubscribe,
        request,
        this.answer(MARKET_EVENTS.bookSubscribe, request, (book) => this.inbox.book(book)),
      );
    }

    const ranks = diffSets(this.sent.ranks, new Set(this.wanted.ranks.keys()));
    for (const list of ranks.unsubscribe) {
      this.sent.ranks.delete(list);
      socket.emit(MARKET_EVENTS.rankUnsubscribe, { list });
    }
    for (const list of ranks.subscribe) {
      this.sent.ranks.add(list);
      const request = { list };
      socket.emit(
        MARKET_EVENTS.rankSubscribe,
        request,
        this.answer(MARKET_EVENTS.rankSubscribe, request, (rank) => this.inbox.rank(rank)),
      );
    }

    const indices = this.wholeChange('indices');
    if (indices === 'unsubscribe') socket.emit(MARKET_EVENTS.indicesUnsubscribe, {});
    if (indices === 'subscribe') {
      socket.emit(
        MARKET_EVENTS.indicesSubscribe,
        {},
        this.answer(MARKET_EVENTS.indicesSubscribe, {}, (quotes) => {
          for (const quote of quotes) this.inbox.index(quote);
        }),
      );
    }
    const breadth = this.wholeChange('breadth');
    if (breadth === 'unsubscribe') socket.emit(MARKET_EVENTS.breadthUnsubscribe, {});
    if (breadth === 'subscribe') {
      socket.emit(
        MARKET_EVENTS.breadthSubscribe,
        {},
        this.answer(MARKET_EVENTS.breadthSubscribe, {}, (snapshot) => this.inbox.breadth(snapshot)),
      );
    }
  }

  /** A whole subscription is asked for when a screen wants it and none is sent, let go when none does. */
  private wholeChange(kind: Whole): 'subscribe' | 'unsubscribe' | undefined {
    const wanted = this.wanted[kind].size > 0;
    if (this.sent[kind] === wanted) return undefined;
    this.sent[kind] = wanted;
    return wanted ? 'subscribe' : 'unsubscribe';
  }

  /** A subscribe fails whole: refuse the named codes (or all of them) and ask again for the rest. */
  private onQuotesRefused(symbols: readonly string[], error: AckError): void {
    for (const symbol of symbols) this.sent.quotes.delete(symbol);
    const refused = error.symbols ?? symbols;
    for (const symbol of refused) if (this.wanted.quotes.has(symbol)) this.refused.set(symbol, error.key);
    this.deps.logger.warn(`market: quotes refused (${error.key})`, refused);
    this.deps.setState((state) => ({
      refused: { ...state.refused, ...Object.fromEntries(refused.map((s) => [s, error.key])) },
    }));
    if (error.symbols) this.scheduleSync();
  }

  /**
   * The ack of a request being sent, parsed by the request's shared schema: `onData` hears its
   * data, `onError` refusals; a lost ack is forgotten and logged, a garbled one logged and dropped whole.
   */
  private answer<E extends MarketRequest>(
    event: E,
    payload: MarketRequestPayload<E>,
    onData: (data: MarketReply<E>) => void,
    onError?: (error: AckError) => void,
  ): (reply: unknown) => void {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      this.deps.logger.warn(`market: no answer to ${event}`);
      this.forgetSent(event, payload);
    }, this.deps.ackTimeoutMs ?? ACK_TIMEOUT_MS);
    return (reply: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ack = ackSchema(marketRequests[event].reply).safeParse(reply);
      if (!ack.success) {
        this.dropped(`${event} ack`, ack.error.issues);
        return;
      }
      if (ack.data.ok) onData(ack.data.data);
      else if (onError) onError(ack.data.error);
      else {
        this.deps.logger.warn(`market: ${event} refused (${ack.data.error.key})`);
        this.forgetSent(event, payload);
      }
    };
  }

  /** An unanswered subscribe is not counted as sent, so the next sync (or reconnect) asks again. */
  private forgetSent(event: MarketRequest, payload: unknown): void {
    const body = payload as { symbols?: string[]; symbol?: string; list?: RankList };
    if (event === MARKET_EVENTS.quotesSubscribe) for (const s of body.symbols ?? []) this.sent.quotes.delete(s);
    if (event === MARKET_EVENTS.bookSubscribe && body.symbol) this.sent.books.delete(body.symbol);
    if (event === MARKET_EVENTS.rankSubscribe && body.list) this.sent.ranks.delete(body.list);
    for (const kind of Object.keys(WHOLE_EVENTS) as Whole[])
      if (event === WHOLE_EVENTS[kind].subscribe) this.sent[kind] = false;
  }
}
