/**
 * The five-level book shown with a quote, rebuilt from the symbol's state when the quote is
 * published rather than kept per step: the price levels follow from the last trade, the
 * spread and the band; sizes are drawn from a hash so the same state always shows the same book.
 */
import { scaledToString } from './format.ts';
import { mix32 } from './rng.ts';
import type { BookLevel } from './types.ts';

export const LEVELS = 5;
const LOT = 100;

export interface BookState {
  /** Prices in ticks. */
  last: number;
  /** Aggressor of the last trade: 1 bought at the offer, −1 sold at the bid. */
  side: number;
  spread: number;
  /** Ticks between levels. */
  step: number;
  limitUp: number;
  limitDown: number;
  /** 1 sealed at limit-up (buy queue, no offers), −1 at limit-down, 0 open. */
  sealed: number;
  /** Typical lots resting at a level, and the queue at a sealed limit. */
  depthLots: number;
  queueLots: number;
  /** Hash key: the same key gives the same sizes. */
  key: number;
  /** Decimal places of a tick as a price (2 for stocks). */
  places: number;
}

function size(state: BookState, level: number, scale: number): number {
  const u = mix32(state.key, level) / 4294967296;
  return Math.max(1, Math.round(scale * (0.3 + 1.4 * u) * (1 + 0.2 * level))) * LOT;
}

function side(state: BookState, first: number, direction: 1 | -1, firstLots: number | null, salt: number) {
  const levels: BookLevel[] = [];
  for (let k = 0; k < LEVELS; k++) {
    const price = first + direction * k * state.step;
    if (price > state.limitUp || price < state.limitDown) break;
    const volume = k === 0 && firstLots !== null ? firstLots * LOT : size(state, salt + k, state.depthLots);
    levels.push({ price: scaledToString(price, state.places), volume });
  }
  return levels;
}

/** Continuous trading: best bid below best offer, one side empty when sealed at a limit. */
export function continuousBook(state: BookState): { bids: BookLevel[]; asks: BookLevel[] } {
  const queue = Math.max(1, Math.round(state.queueLots));
  if (state.sealed > 0) return { bids: side(state, state.limitUp, -1, queue, 0), asks: [] };
  if (state.sealed < 0) return { bids: [], asks: side(state, state.limitDown, 1, queue, 8) };
  // The last trade took the best level on the aggressor's side; the other side sits a spread away.
  let bid = state.side > 0 ? state.last - state.spread : state.last;
  let ask = bid + state.spread;
  if (ask > state.limitUp) {
    ask = state.limitUp;
    bid = Math.max(state.limitDown, ask - state.spread);
  }
  if (bid < state.limitDown) {
    bid = state.limitDown;
    ask = Math.min(state.limitUp, bid + state.spread);
  }
  return {
    bids: bid < ask ? side(state, bid, -1, null, 0) : [],
    asks: ask > bid ? side(state, ask, 1, null, 8) : [],
  };
}

/**
 * A call auction: both sides show the indicative uncrossing price with the volume that
 * would match there (locked, as the exchanges' level-1 feeds show it), unmatched orders behind.
 */
export function auctionBook(
  state: BookState,
  indicative: number,
  matchedLots: number,
): { bids: BookLevel[]; asks: BookLevel[] } {
  const matched = Math.max(1, Math.round(matchedLots));
  return {
    bids: side(state, indicative, -1, matched, 0),
    asks: side(state, indicative, 1, matched, 8),
  };
}
