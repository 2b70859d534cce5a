/**
 * What a broker's limit-up and limit-down lists show beside the seal: when the name first
 * sealed today, when it last sealed again after the seal broke (炸板), how many times it broke,
 * the seal amount and its change over the last minute of market time, and its streak of days at
 * the limit (连板). Pure: quotes and market time in, rows out. Incremental: a publish touches
 * only the quotes that changed and the names on the two lists; `limitRowsOf` is the brute force
 * the tests hold it to.
 *
 * A name is sealed when it has traded today, its price is at the limit and the limit side's
 * queue at that price is not empty. Times are the quotes' market time (`time`), so a seal and a
 * break inside one publish window are seen as the quotes show them.
 */
import { centsToDecimal, decimalToCents, type RankRow } from '@bourse/shared';
import type { Quote } from '../feed/index.ts';

export type LimitSide = 'up' | 'down';
export const LIMIT_SIDES: readonly LimitSide[] = ['up', 'down'];

export type SealQuote = Pick<
  Quote,
  'symbol' | 'price' | 'open' | 'limitUp' | 'limitDown' | 'bids' | 'asks' | 'time'
>;

/** The window the seal amount's change is measured over, in market time. */
export const SEAL_CHANGE_WINDOW_MS = 60_000;

/** One name's seal on one side today: what survives a restart (see ADR 0036). */
export interface SealState {
  /** Market time of the first seal today. */
  first: number;
  /** Market time it last sealed again after a break; `first` if it never broke. */
  last: number;
  breaks: number;
  sealed: boolean;
}

/** Trading days in a row before today that closed at each limit, by symbol (absent: none). */
export type LimitStreaks = ReadonlyMap<string, { up: number; down: number }>;

/** The seal amount in cents (0 when not sealed): volume queued at the limit × the limit price. */
export function sealAmountCents(q: SealQuote, side: LimitSide): number {
  const limit = side === 'up' ? q.limitUp : q.limitDown;
  if (q.open === null || limit === null || q.price !== limit) return 0;
  const top = (side === 'up' ? q.bids : q.asks)[0];
  return top?.price === limit ? top.volume * decimalToCents(limit) : 0;
}

/** The state after a quote; the same object when nothing changed. */
function nextState(state: SealState | undefined, sealed: boolean, time: number): SealState | undefined {
  if (!state) return sealed ? { first: time, last: time, breaks: 0, sealed: true } : undefined;
  if (sealed === state.sealed) return state;
  return sealed
    ? { ...state, last: time, sealed: true }
    : { ...state, breaks: state.breaks + 1, sealed: false };
}

/** The amount at `at` from a name's samples (time order): the latest at or before it, 0 before any. */
function amountAt(samples: readonly (readonly [number, number])[], at: number): number {
  let amount = 0;
  for (const [time, value] of samples) {
    if (time > at) break;
    amount = value;
  }
  return amount;
}

/** A state's stored name: `symbol:side`. */
const fieldOf = (symbol: string, side: LimitSide) => `${symbol}:${side}`;

const bySide = <T>(): Record<LimitSide, Map<string, T>> => ({ up: new Map(), down: new Map() });

/** The seal columns of one list row. */
function sealFields(
  row: RankRow,
  side: LimitSide,
  state: SealState | undefined,
  amount: number,
  change: number | null,
  streaks: LimitStreaks,
): RankRow {
  const before = streaks.get(row.symbol)?.[side] ?? 0;
  return {
    ...row,
    sealAmount: centsToDecimal(amount),
    sealAmountChange: change === null ? null : centsToDecimal(change),
    firstSealTime: state?.first ?? null,
    lastSealTime: state?.last ?? null,
    sealBreaks: state?.breaks ?? 0,
    limitDays: before + 1,
  };
}

export class SealTracker {
  /** By side, then symbol: a publish looks up every changed quote twice, so no key is built for it. */
  private readonly states = bySide<SealState>();
  /** Seal amount samples [time, cents] of each name, oldest first, pruned to the change window. */
  private readonly samples = bySide<[number, number][]>();
  private readonly changed = bySide<SealState>();
  /** Market time of the first publish this tracker saw: earlier amounts are unknown to it. */
  private observedSince: number | null = null;
  private now = 0;

  /**
   * @param streaks the days in a row at each limit before today, from the stored day bars
   * @param restored today's states as stored by the tracker this one continues (`takeChanged()`)
   */
  constructor(
    private streaks: LimitStreaks,
    restored: Iterable<[string, SealState]> = [],
  ) {
    for (const [field, state] of restored) {
      const [symbol, side] = field.split(':');
      if (symbol && (side === 'up' || side === 'down')) this.states[side].set(symbol, state);
    }
  }

  /** Streaks read again: the stored history changed under the running day (a backfill). */
  useStreaks(streaks: LimitStreaks): void {
    this.streaks = streaks;
  }

  /** The latest quotes of the symbols that changed, published at market time `now`. */
  apply(quotes: Iterable<SealQuote>, now: number): void {
    this.observedSince ??= now;
    this.now = now;
    for (const q of quotes) {
      for (const side of LIMIT_SIDES) {
        const amount = sealAmountCents(q, side);
        const state = this.states[side].get(q.symbol);
        const next = nextState(state, amount > 0, q.time);
        if (next && next !== state) {
          this.states[side].set(q.symbol, next);
          this.changed[side].set(q.symbol, next);
        }
        const samples = this.samples[side].get(q.symbol);
        if (samples ? samples.at(-1)![1] !== amount : amount > 0) {
          if (samples) samples.push([q.time, amount]);
          else this.samples[side].set(q.symbol, [[q.time, amount]]);
        }
      }
    }
  }

  /** A list's rows (the rank calculator's limitUp or limitDown) with the seal columns. */
  rows(rows: readonly RankRow[], side: LimitSide): RankRow[] {
    const from = this.now - SEAL_CHANGE_WINDOW_MS;
    const known = this.observedSince !== null && this.observedSince <= from;
    return rows.map((row) => {
      const samples = this.prune(side, row.symbol, from);
      const amount = samples ? samples.at(-1)![1] : 0;
      const change = known ? amount - (samples ? amountAt(samples, from) : 0) : null;
      return sealFields(row, side, this.states[side].get(row.symbol), amount, change, this.streaks);
    });
  }

  /** The states changed since the last call, to store: field `symbol:side`. */
  takeChanged(): [string, SealState][] {
    const out = LIMIT_SIDES.flatMap((side) =>
      [...this.changed[side]].map(([symbol, state]): [string, SealState] => [fieldOf(symbol, side), state]),
    );
    this.changed.up.clear();
    this.changed.down.clear();
    return out;
  }

  /** Drops samples older than the one in force at `from`; a name back at 0 for a whole window has none. */
  private prune(side: LimitSide, symbol: string, from: number): [number, number][] | undefined {
    const samples = this.samples[side].get(symbol);
    if (!samples) return undefined;
    let keep = 0;
    while (keep + 1 < samples.length && samples[keep + 1]![0] <= from) keep++;
    if (keep > 0) samples.splice(0, keep);
    if (samples.length === 1 && samples[0]![1] === 0 && samples[0]![0] <= from) {
      this.samples[side].delete(symbol);
      return undefined;
    }
    return samples;
  }
}

/** One publish: the quotes that changed and the market time it went out at. */
export interface PublishedBatch {
  now: number;
  quotes: readonly SealQuote[];
}

/**
 * The seal columns of a list from the day's whole history of publishes, the definition
 * `SealTracker` must equal. `observedSince` is the first publish the tracker saw (a tracker
 * restored after a restart saw none of the batches before it, only the states stored).
 */
export function limitRowsOf(
  rows: readonly RankRow[],
  side: LimitSide,
  batches: readonly PublishedBatch[],
  streaks: LimitStreaks,
  observedSince: number,
): RankRow[] {
  const states = new Map<string, SealState | undefined>();
  const amounts = new Map<string, [number, number][]>();
  for (const { quotes } of batches)
    for (const q of quotes) {
      const amount = sealAmountCents(q, side);
      states.set(q.symbol, nextState(states.get(q.symbol), amount > 0, q.time));
      const timeline = amounts.get(q.symbol) ?? [];
      timeline.push([q.time, amount]);
      amounts.set(q.symbol, timeline);
    }
  const now = batches.at(-1)?.now ?? 0;
  const from = now - SEAL_CHANGE_WINDOW_MS;
  return rows.map((row) => {
    const timeline = amounts.get(row.symbol) ?? [];
    const amount = amountAt(timeline, now);
    const change = observedSince <= from ? amount - amountAt(timeline, from) : null;
    return sealFields(row, side, states.get(row.symbol), amount, change, streaks);
  });
}
