/**
 * The feed's output model: what any market feed (this simulator or a vendor adapter) hands to
 * the publisher. Prices and amounts are decimal strings, share counts integers. See README.md.
 */
import type { Board, Exchange, MarketPhase } from '@bourse/shared';

export interface BookLevel {
  price: string;
  /** Shares, a whole number of 100-share lots. */
  volume: number;
}

/** What a stock quote and an index quote share: the day so far and the stream bookkeeping. */
export interface DayFigures {
  symbol: string;
  name: string;
  /** null until the opening auction (or first trade) of the day. */
  open: string | null;
  high: string | null;
  low: string | null;
  prevClose: string;
  /** Last value − prevClose. */
  change: string;
  /** Change in percent, two decimals ("1.23" = +1.23%). */
  pct: string;
  /** Shares traded today. */
  volume: number;
  /** CNY traded today, two decimals. */
  turnover: string;
  /** Publish time, ms since the epoch (DESIGN.md: latency is measured from it). */
  ts: number;
  /** Exchange time of the data, ms since the epoch; differs from `ts` on a simulated clock. */
  time: number;
  /** Per-symbol sequence number, +1 per published update; a gap means resync from a snapshot. */
  seq: number;
  phase: MarketPhase;
}

export interface Quote extends DayFigures {
  board: Board;
  /** Last trade price; the previous close until the day's first trade. */
  price: string;
  /** CNY of today's continuous trades by aggressor side (auction prints have none): the ten-deal list's buy and sell. */
  buyTurnover: string;
  sellTurnover: string;
  /** Volume as a percentage of float shares, two decimals. */
  turnoverRate: string;
  /** null on days without a band (the first days of a registration-based IPO). */
  limitUp: string | null;
  limitDown: string | null;
  /** Best first; up to five levels. A side is empty when sealed at a limit (one-sided book). */
  bids: BookLevel[];
  asks: BookLevel[];
  /** During a call auction: the price and volume that would match now; otherwise null. */
  indicative: { price: string; volume: number } | null;
}

/** Symbols are exchange-prefixed: sh000001 (SSE Composite), sz399001 (SZSE Component), sz399006 (ChiNext). */
export interface IndexQuote extends DayFigures {
  /** Index points, two decimals. */
  value: string;
}

/** 'open' and 'close' are the single uncrossing prints of the call auctions. */
export type TradeKind = 'open' | 'continuous' | 'close';

export interface Trade {
  symbol: string;
  price: string;
  /** Shares, whole lots. */
  volume: number;
  /** Aggressor: B = buyer lifted the offer, S = seller hit the bid. */
  side: 'B' | 'S';
  kind: TradeKind;
  /** Exchange time of the trade. */
  time: number;
  ts: number;
  /** Per-symbol trade number, +1 per trade; with the symbol it identifies the trade. */
  seq: number;
}

export interface PhaseChange {
  phase: MarketPhase;
  previous: MarketPhase;
  tradingDate: string;
  time: number;
  ts: number;
  simulated: boolean;
}

export interface InstrumentInfo {
  symbol: string;
  name: string;
  /** Pinyin initials for search. */
  initials: string;
  exchange: Exchange;
  board: Board;
  isST: boolean;
  sector: string;
  floatShares: number;
  totalShares: number;
  /** Trailing twelve-month earnings per share, CNY, four decimals; negative for a loss. */
  eps: string;
}

export interface FeedSnapshot {
  /** True when the clock is not the real exchange's: screens must label the data a simulation. */
  simulated: boolean;
  tradingDate: string;
  phase: MarketPhase;
  time: number;
  ts: number;
  quotes: Quote[];
  indices: IndexQuote[];
}

export type Unsubscribe = () => void;

/** One source of market data. The simulator implements it; a vendor adapter can too. */
export interface MarketFeed {
  /** Resolves once the feed is live (caught up with its clock, or connected upstream). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Conflated updates: at most one quote per symbol per batch, always its latest values. */
  onQuotes(listener: (batch: Quote[]) => void): Unsubscribe;
  onIndices(listener: (batch: IndexQuote[]) => void): Unsubscribe;
  /** Every trade since the previous batch, in time order. */
  onTrades(listener: (batch: Trade[]) => void): Unsubscribe;
  onPhase(listener: (change: PhaseChange) => void): Unsubscribe;
  /** Latest state of every symbol and index, for new subscribers and resyncs. */
  snapshot(): FeedSnapshot;
  instruments(): readonly InstrumentInfo[];
}
