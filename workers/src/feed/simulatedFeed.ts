/**
 * The simulator behind the MarketFeed interface: a timer advances it to its clock's market
 * time and publishes what changed. Quotes are conflated per publish (latest values, one per
 * symbol); trades and phase changes are all delivered.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TradingCalendar } from '@bourse/shared';
import { encodeCheckpoint } from './checkpoint.ts';
import type { FeedClock } from './clock.ts';
import { scaledToString } from './format.ts';
import type { ProcessParams } from './params.ts';
import { MarketSimulator, PRICE_PLACES, type SimulationObserver, type SimulatorState } from './simulator.ts';
import type {
  FeedSnapshot,
  IndexQuote,
  InstrumentInfo,
  MarketFeed,
  PhaseChange,
  Quote,
  Trade,
  TradeKind,
  Unsubscribe,
} from './types.ts';
import { generateUniverse, type Universe } from './universe/universe.ts';

export interface SimulatedFeedOptions {
  clock: FeedClock;
  seed?: string | number;
  /** Default: the universe generated from the seed. */
  universe?: Universe;
  /** Market-time grid of the simulation (default 3,000 ms, the exchanges' snapshot cadence). */
  gridMs?: number;
  /** Real ms between publishes (default 500). */
  publishIntervalMs?: number;
  calendar?: TradingCalendar;
  params?: Partial<ProcessParams>;
}

/** Catch-up runs in slices of market time, yielding between them, so start-up never blocks the process. */
const CATCH_UP_SLICE_MS = 15 * 60_000;

function emitter<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    get size() {
      return listeners.size;
    },
    add(listener: (value: T) => void): Unsubscribe {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value: T) {
      for (const listener of listeners) listener(value);
    },
  };
}

export class SimulatedFeed implements MarketFeed {
  private readonly clock: FeedClock;
  private readonly sim: MarketSimulator;
  private readonly universe: Universe;
  private readonly publishIntervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private pendingTrades: Trade[] = [];
  private pumpTs = 0;
  private readonly quoteListeners = emitter<Quote[]>();
  private readonly indexListeners = emitter<IndexQuote[]>();
  private readonly tradeListeners = emitter<Trade[]>();
  private readonly phaseListeners = emitter<PhaseChange>();
  private readonly observer: SimulationObserver;

  constructor(opts: SimulatedFeedOptions) {
    const seed = opts.seed ?? 42;
    this.clock = opts.clock;
    this.universe = opts.universe ?? generateUniverse({ seed });
    this.publishIntervalMs = opts.publishIntervalMs ?? 500;
    this.sim = new MarketSimulator({
      universe: this.universe,
      seed,
      start: opts.clock.marketNow(),
      gridMs: opts.gridMs,
      calendar: opts.calendar,
      params: opts.params,
    });
    this.observer = {
      onPhase: (change) =>
        this.phaseListeners.emit({ ...change, ts: this.pumpTs, simulated: this.clock.simulated }),
      onTrade: (i, price, volume, side, time, kind) => {
        if (this.tradeListeners.size > 0)
          this.pendingTrades.push(this.trade(i, price, volume, side, time, kind));
      },
    };
  }

  /** Replays the day so far without publishing, then publishes on a timer. */
  async start(): Promise<void> {
    if (this.timer) return;
    const target = this.clock.marketNow();
    while (this.sim.time + this.sim.gridMs <= target) {
      this.sim.advanceTo(Math.min(target, this.sim.time + CATCH_UP_SLICE_MS));
      await yieldToEventLoop();
    }
    this.timer = setInterval(() => this.pump(), this.publishIntervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** What a checkpoint must have been taken of to resume this feed (MarketSimulator.fingerprint). */
  get fingerprint(): number {
    return this.sim.fingerprint;
  }

  /** Continues from a checkpoint's state (checkpoint.ts) instead of the day's start; call before start(). */
  resume(state: SimulatorState): void {
    this.sim.resume(state);
  }

  /**
   * Advances to the clock's market time and publishes; the timer calls it, tests and replays may
   * too. With `quotes: false` the changed quotes wait for the next pump: a replay that needs the
   * trades and indices minute by minute skips building thousands of quotes every minute. With
   * `checkpointAt` (a market instant not yet passed) it returns the encoded state as it stood
   * at that instant, taken on the way.
   */
  pump(options: { quotes?: boolean; checkpointAt?: number } = {}): Buffer | undefined {
    this.pumpTs = this.clock.wallNow();
    const target = this.clock.marketNow();
    const { checkpointAt } = options;
    let checkpoint: Buffer | undefined;
    if (checkpointAt !== undefined && checkpointAt >= this.sim.time && checkpointAt <= target) {
      this.sim.advanceTo(checkpointAt, this.observer);
      checkpoint = encodeCheckpoint(this.sim.state());
    }
    this.sim.advanceTo(target, this.observer);
    if (this.pendingTrades.length > 0) {
      const trades = this.pendingTrades;
      this.pendingTrades = [];
      this.tradeListeners.emit(trades);
    }
    const quotes = options.quotes === false ? [] : this.sim.takeQuotes(this.pumpTs);
    if (quotes.length > 0) this.quoteListeners.emit(quotes);
    const indices = this.sim.takeIndexQuotes(this.pumpTs);
    if (indices.length > 0) this.indexListeners.emit(indices);
    return checkpoint;
  }

  onQuotes(listener: (batch: Quote[]) => void): Unsubscribe {
    return this.quoteListeners.add(listener);
  }

  onIndices(listener: (batch: IndexQuote[]) => void): Unsubscribe {
    return this.indexListeners.add(listener);
  }

  onTrades(listener: (batch: Trade[]) => void): Unsubscribe {
    return this.tradeListeners.add(listener);
  }

  onPhase(listener: (change: PhaseChange) => void): Unsubscribe {
    return this.phaseListeners.add(listener);
  }

  snapshot(): FeedSnapshot {
    const ts = this.clock.wallNow();
    return {
      simulated: this.clock.simulated,
      tradingDate: this.sim.tradingDate,
      phase: this.sim.phase,
      time: this.sim.time,
      ts,
      quotes: this.sim.quotes(ts),
      indices: this.sim.indexQuotes(ts),
    };
  }

  instruments(): readonly InstrumentInfo[] {
    return this.sim.instruments();
  }

  private trade(
    i: number,
    price: number,
    volume: number,
    side: 1 | -1,
    time: number,
    kind: TradeKind,
  ): Trade {
    return {
      symbol: this.universe.listings[i]!.symbol,
      price: scaledToString(price, PRICE_PLACES),
      volume,
      side: side > 0 ? 'B' : 'S',
      kind,
      time,
      ts: this.pumpTs,
      seq: this.sim.tradeSeq[i]!,
    };
  }
}
