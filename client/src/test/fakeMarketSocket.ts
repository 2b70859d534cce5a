import type { IndexQuoteUpdate, MarketBreadth, QuoteSnapshot } from '@bourse/shared';
import type { MarketSocket } from '../features/market/data/marketConnection.ts';

type Listener = (...args: never[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
  ack?: (reply: unknown) => void;
}

/**
 * A socket.io client socket without a network: tests see what the app emitted, answer acks,
 * and play the server's events and connection changes.
 */
export class FakeMarketSocket implements MarketSocket {
  connected = false;
  readonly emitted: Emitted[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  connects = 0;
  disconnects = 0;

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }

  emit(event: string, payload: unknown, ack?: (reply: unknown) => void): this {
    this.emitted.push({ event, payload, ack });
    return this;
  }

  connect(): this {
    this.connects++;
    return this;
  }

  disconnect(): this {
    this.disconnects++;
    if (this.connected) {
      this.connected = false;
      this.serverSends('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** The server accepted the connection. */
  open(): void {
    this.connected = true;
    this.serverSends('connect');
  }

  /** The network dropped the connection. */
  drop(reason = 'transport close'): void {
    this.connected = false;
    this.serverSends('disconnect', reason);
  }

  serverSends(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  /** Emits of one event, oldest first; `take` forgets them. */
  sent(event: string): Emitted[] {
    return this.emitted.filter((e) => e.event === event);
  }

  clear(): void {
    this.emitted.length = 0;
  }

  /** Answers every pending quotes:subscribe with snapshots made by `snapshot`. */
  answerQuoteSubscribes(snapshot: (symbol: string) => QuoteSnapshot): void {
    for (const e of this.sent('quotes:subscribe')) {
      const { symbols } = e.payload as { symbols: string[] };
      e.ack?.({ ok: true, data: symbols.map(snapshot) });
      e.ack = undefined;
    }
  }
}

/** A full quote row for tests; fields can be overridden. */
export function snapshotOf(symbol: string, overrides: Partial<QuoteSnapshot> = {}): QuoteSnapshot {
  return {
    symbol,
    name: `Name ${symbol}`,
    price: '10.00',
    change: '0.00',
    pct: '0.00',
    open: '10.00',
    high: '10.00',
    low: '10.00',
    volume: 1000,
    turnover: '10000.00',
    turnoverRate: '0.10',
    ts: 1_000,
    seq: 1,
    prevClose: '10.00',
    limitUp: '11.00',
    limitDown: '9.00',
    board: 'main',
    ...overrides,
  };
}

/** An index quote for tests: 3,000.00 points on a 3,000.00 close unless told otherwise. */
export function indexQuoteOf(symbol: string, overrides: Partial<IndexQuoteUpdate> = {}): IndexQuoteUpdate {
  return {
    symbol,
    name: `Index ${symbol}`,
    value: '3000.00',
    open: '3000.00',
    high: '3000.00',
    low: '3000.00',
    prevClose: '3000.00',
    change: '0.00',
    pct: '0.00',
    volume: 1_000_000,
    turnover: '15000000.00',
    ts: 1_000,
    time: 1_000,
    seq: 1,
    ...overrides,
  };
}

/** A market breadth for tests: 5,000 stocks, 2,400 up, 200 flat, 2,400 down, unless told otherwise. */
export function breadthOf(overrides: Partial<MarketBreadth> = {}): MarketBreadth {
  return {
    up: 2_400,
    flat: 200,
    down: 2_400,
    total: 5_000,
    limitUp: 30,
    limitDown: 10,
    ts: 1_000,
    ...overrides,
  };
}
