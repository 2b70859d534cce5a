import {
  decodeSeries,
  encodeSeriesHeader,
  encodeSlots,
  MINUTE_SLOTS,
  type MinuteBar,
  minuteSlotOf,
  shanghaiMinuteOfDay,
  slotEnd,
} from '@bourse/shared';

interface SymbolMinutes {
  prevClose: number;
  /** Slots already encoded (written or about to be). */
  completed: number;
  /** The bar of slot `completed`, while it is still open; null until it trades. */
  open: MinuteBar | null;
  /** Encoded header and completed slots, in order. */
  chunks: Uint8Array[];
  /** Encoded slots not yet handed to the writer. */
  pending: Uint8Array[];
  /** The pending bytes start with the header: the writer replaces the key rather than appending. */
  fresh: boolean;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * One trading day's 1-minute bars of every symbol (and index: see IndexMinutes), built from the trade stream. A slot is
 * encoded once it is complete (market time reached its end), so what the feed appends to Redis
 * never changes afterwards. Prices in cents, volumes in shares.
 */
export class MinuteBuilder {
  private readonly symbols = new Map<string, SymbolMinutes>();
  private completedUpTo = 0;

  constructor(
    readonly tradingDate: string,
    prevCloses: ReadonlyMap<string, number>,
  ) {
    for (const [symbol, prevClose] of prevCloses) {
      const header = encodeSeriesHeader(prevClose);
      this.symbols.set(symbol, {
        prevClose,
        completed: 0,
        open: null,
        chunks: [header],
        pending: [header],
        fresh: true,
      });
    }
  }

  /** Continues from series already written (a feed taking over): their slots are not built again. */
  resume(symbol: string, written: Uint8Array): void {
    const state = this.symbols.get(symbol);
    if (!state) return;
    const { prevClose, bars } = decodeSeries(written);
    if (prevClose !== state.prevClose) return; // another day's or a foreign series: rebuild it
    state.completed = bars.length;
    state.chunks = [written];
    state.pending = [];
    state.fresh = false;
  }

  /** The fewest slots any symbol has completed: trades before that slot's start are already recorded. */
  firstIncompleteSlot(): number {
    let least = MINUTE_SLOTS;
    for (const state of this.symbols.values()) least = Math.min(least, state.completed);
    return least;
  }

  /** `turnover` in cents is price × volume for a trade; an index's says what its constituents traded. */
  trade(symbol: string, price: number, volume: number, time: number, turnover = price * volume): void {
    const state = this.symbols.get(symbol);
    if (!state) return;
    const slot = minuteSlotOf(shanghaiMinuteOfDay(time));
    if (slot < state.completed) return; // recorded before a takeover
    this.advance(state, slot);
    const bar = state.open;
    if (bar) {
      bar.high = Math.max(bar.high, price);
      bar.low = Math.min(bar.low, price);
      bar.close = price;
      bar.volume += volume;
      bar.turnover += turnover;
    } else {
      state.open = { open: price, high: price, low: price, close: price, volume, turnover };
    }
  }

  /** Completes every slot that ended at or before market time `time`. */
  completeUntil(time: number): void {
    let target = this.completedUpTo;
    while (target < MINUTE_SLOTS && slotEnd(this.tradingDate, target) <= time) target++;
    if (target === this.completedUpTo) return;
    this.completedUpTo = target;
    for (const state of this.symbols.values()) this.advance(state, target);
  }

  /** Encoded slots completed since the last call, per symbol; `fresh` bytes start the series. */
  takePending(): { symbol: string; bytes: Uint8Array; fresh: boolean }[] {
    const out: { symbol: string; bytes: Uint8Array; fresh: boolean }[] = [];
    for (const [symbol, state] of this.symbols) {
      if (state.pending.length === 0) continue;
      out.push({ symbol, bytes: concat(state.pending), fresh: state.fresh });
      state.pending = [];
      state.fresh = false;
    }
    return out;
  }

  /** Every symbol's encoded day so far: the finished day once the close has completed the last slot. */
  series(): Map<string, Uint8Array> {
    const out = new Map<string, Uint8Array>();
    for (const [symbol, state] of this.symbols) {
      const bytes = concat(state.chunks);
      state.chunks = [bytes];
      out.set(symbol, bytes);
    }
    return out;
  }

  /** After a write was lost: the next take hands over every series whole, to replace what Redis holds. */
  rewriteAll(): void {
    for (const state of this.symbols.values()) {
      state.chunks = [concat(state.chunks)];
      state.pending = [...state.chunks];
      state.fresh = true;
    }
  }

  get complete(): boolean {
    return this.completedUpTo === MINUTE_SLOTS;
  }

  /** Closes the slots before `slot`: the open bar first, then empty ones. */
  private advance(state: SymbolMinutes, slot: number): void {
    if (state.completed >= slot) return;
    const bars: (MinuteBar | null)[] = [state.open];
    for (let s = state.completed + 1; s < slot; s++) bars.push(null);
    const bytes = encodeSlots(state.prevClose, bars);
    // A day brings hundreds of small chunks per symbol: join them now and then.
    if (state.chunks.length >= 32) state.chunks = [concat(state.chunks)];
    state.chunks.push(bytes);
    state.pending.push(bytes);
    state.completed = slot;
    state.open = null;
  }
}
