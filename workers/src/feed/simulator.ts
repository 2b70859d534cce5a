/**
 * The market simulator: a deterministic state machine over market time. It advances on a
 * fixed grid of instants (multiples of `gridMs` since the epoch), so what it produces depends
 * only on the seed and the instants it is advanced to, never on how often it is called.
 *
 * Prices live in integer ticks and amounts in integer cents inside typed arrays; decimal
 * strings are made only when a quote is published.
 */
import {
  Dec,
  exchangeCalendar,
  type MarketPhase,
  phaseAt,
  priceLimits,
  shanghaiDate,
  shanghaiMinuteOfDay,
  type TradingCalendar,
} from '@bourse/shared';
import { auctionBook, type BookState, continuousBook } from './book.ts';
import { shanghaiMidnight } from './clock.ts';
import { percentString, scaledToString } from './format.ts';
import {
  DEFAULT_PARAMS,
  type ProcessParams,
  THEME_PROFILE,
  TRADING_MINUTES,
  tradingMinute,
  VOL_PROFILE,
  VOLUME_PROFILE,
} from './params.ts';
import { hashSeed, Rng, type RngState } from './rng.ts';
import type { IndexQuote, InstrumentInfo, PhaseChange, Quote, TradeKind } from './types.ts';
import { simulatedEps } from './universe/fundamentals.ts';
import { SECTORS } from './universe/names.ts';
import type { Universe } from './universe/universe.ts';

const LOT = 100;
const MINUTE = 60_000;
/** Decimals of a price: every simulated listing is a stock (tick 0.01). */
export const PRICE_PLACES = 2;
const NO_LIMIT_UP = 2 ** 31 - 1;
/** Trades per second of market time by liquidity tier, before activity. */
const TRADE_RATE = [0, 2, 0.8, 0.3, 0.12];
/** Quoted spread in basis points of price by tier (at least one tick). */
const SPREAD_BPS = [0, 4, 8, 15, 30];
/** Resting lots per level as a share of a day's lots, by tier. */
const DEPTH_SHARE = [0, 0.0015, 0.002, 0.003, 0.004];

const CALL_PHASES: ReadonlySet<MarketPhase> = new Set(['openingCall', 'openingCallLocked', 'closingCall']);

/** What a run reports besides its state; every hook is optional. */
export interface SimulationObserver {
  onPhase?(change: Omit<PhaseChange, 'ts' | 'simulated'>): void;
  /** `index` is the listing's position in the universe; price in ticks, volume in shares. */
  onTrade?(index: number, price: number, volume: number, side: 1 | -1, time: number, kind: TradeKind): void;
  /** After every instant the simulator visits: each grid instant while trading or in a call, each minute otherwise. */
  onStep?(time: number, phase: MarketPhase): void;
}

export interface SimulatorOptions {
  universe: Universe;
  seed: string | number;
  /** Any instant of the first day: the simulation starts at midnight (Shanghai) of its date. */
  start: number;
  /** Grid spacing in ms of market time; must divide a minute. Level-1 snapshots come every 3 s. */
  gridMs?: number;
  calendar?: TradingCalendar;
  params?: Partial<ProcessParams>;
}

/** The per-listing arrays that change as the simulation runs, in the order a checkpoint stores them. */
export const STATE_ARRAYS = [
  'last',
  'limitUp',
  'limitDown',
  'high',
  'low',
  'tradeSeq',
  'prevClose',
  'open',
  'hasBand',
  'volume',
  'turnoverCents',
  'buyCents',
  'sellCents',
  'fair',
  'anchor',
  'logVol',
  'side',
  'sealed',
  'indicative',
  'auctionLots',
  'seq',
  'dirty',
  'newsMinute',
  'newsSize',
  'spread',
  'levelStep',
  'sectorLogVol',
  'sectorShock',
  'themeDrift',
] as const;
export type StateArrayName = (typeof STATE_ARRAYS)[number];
export type StateArray = Int8Array | Uint8Array | Int16Array | Int32Array | Uint32Array | Float64Array;

/** What an index carries from instant to instant (its constituents and weights come from the universe). */
interface IndexFigures {
  prevClose: number;
  base: number;
  value: number;
  open: number;
  high: number;
  low: number;
  seq: number;
}

/**
 * Everything of a simulator that changes as it runs, for a checkpoint: a simulator built from the
 * same universe, seed, grid and params that resumes from it continues exactly as this one would.
 */
export interface SimulatorState {
  /** MarketSimulator.fingerprint of the simulator it was taken from. */
  fingerprint: number;
  time: number;
  phase: MarketPhase;
  tradingDate: string;
  firstDay: boolean;
  marketLogVol: number;
  indicesDirty: boolean;
  rng: RngState;
  indices: IndexFigures[];
  /** Views of the live arrays: encode them before the simulator advances. */
  arrays: Record<StateArrayName, StateArray>;
}

interface IndexState extends IndexFigures {
  constituents: Int32Array;
  weights: Float64Array;
  /** Σ weight × prevClose of the constituents: the divisor that chains the index day to day. */
  base: number;
}

export class MarketSimulator {
  readonly count: number;
  readonly gridMs: number;
  /** Identifies what the simulation is built from (seed, grid, params, universe and its closes): only an equal one may resume a state. */
  readonly fingerprint: number;
  private now: number;
  private currentPhase: MarketPhase = 'closed';
  private date = '';

  /** Read-only views for observers: prices in ticks, volume in shares. */
  readonly last: Int32Array;
  readonly limitUp: Int32Array;
  readonly limitDown: Int32Array;
  readonly high: Int32Array;
  readonly low: Int32Array;
  /** Trades so far per listing: the `seq` of its latest trade. */
  readonly tradeSeq: Uint32Array;

  private readonly universe: Universe;
  private readonly calendar: TradingCalendar;
  private readonly p: ProcessParams;
  private readonly rng: Rng;
  private readonly seedKey: number;
  private firstDay = true;

  private readonly prevClose: Int32Array;
  private readonly open: Int32Array;
  private readonly hasBand: Uint8Array;
  private readonly volume: Float64Array;
  private readonly turnoverCents: Float64Array;
  private readonly buyCents: Float64Array;
  private readonly sellCents: Float64Array;
  private readonly fair: Float64Array;
  private readonly anchor: Float64Array;
  private readonly logVol: Float64Array;
  private readonly side: Int8Array;
  private readonly sealed: Int8Array;
  private readonly indicative: Int32Array;
  private readonly auctionLots: Float64Array;
  private readonly seq: Uint32Array;
  private readonly dirty: Uint8Array;
  private readonly newsMinute: Int16Array;
  private readonly newsSize: Float64Array;
  private readonly spread: Int32Array;
  private readonly levelStep: Int32Array;

  // Per-listing constants from the universe.
  private readonly sigma: Float64Array;
  private readonly beta: Float64Array;
  private readonly loading: Float64Array;
  private readonly sectorOf: Uint8Array;
  private readonly dayLots: Float64Array;
  private readonly tradeRate: Float64Array;
  private readonly floatShares: Float64Array;
  private readonly tier: Uint8Array;

  private marketLogVol = 0;
  private readonly sectorLogVol: Float64Array;
  private readonly sectorShock: Float64Array;
  private readonly themeDrift: Float64Array;
  private readonly indices: IndexState[];
  private indicesDirty = true;
  private phaseMinute = Number.NaN;
  private minutePhase: MarketPhase = 'closed';

  constructor(opts: SimulatorOptions) {
    const gridMs = opts.gridMs ?? 3000;
    if (!(gridMs > 0 && MINUTE % gridMs === 0))
      throw new RangeError(`gridMs must divide a minute: ${gridMs}`);
    this.gridMs = gridMs;
    this.universe = opts.universe;
    this.calendar = opts.calendar ?? exchangeCalendar;
    this.p = { ...DEFAULT_PARAMS, ...opts.params };
    this.rng = new Rng(opts.seed).fork('market');
    this.seedKey = hashSeed(opts.seed);
    this.fingerprint = hashSeed(
      JSON.stringify([
        String(opts.seed),
        gridMs,
        this.p,
        opts.universe.listings.map((l) => `${l.symbol}:${l.prevCloseCents}`),
        opts.universe.indices.map((d) => d.baseLevel),
      ]),
    );
    const listings = opts.universe.listings;
    const n = listings.length;
    this.count = n;

    this.prevClose = new Int32Array(n);
    this.last = new Int32Array(n);
    this.open = new Int32Array(n);
    this.high = new Int32Array(n);
    this.low = new Int32Array(n);
    this.limitUp = new Int32Array(n);
    this.limitDown = new Int32Array(n);
    this.hasBand = new Uint8Array(n);
    this.volume = new Float64Array(n);
    this.turnoverCents = new Float64Array(n);
    this.buyCents = new Float64Array(n);
    this.sellCents = new Float64Array(n);
    this.fair = new Float64Array(n);
    this.anchor = new Float64Array(n);
    this.logVol = new Float64Array(n);
    this.side = new Int8Array(n).fill(1);
    this.sealed = new Int8Array(n);
    this.indicative = new Int32Array(n);
    this.auctionLots = new Float64Array(n);
    this.seq = new Uint32Array(n);
    this.tradeSeq = new Uint32Array(n);
    this.dirty = new Uint8Array(n).fill(1);
    this.newsMinute = new Int16Array(n).fill(-1);
    this.newsSize = new Float64Array(n);
    this.spread = new Int32Array(n);
    this.levelStep = new Int32Array(n);
    this.sigma = new Float64Array(n);
    this.beta = new Float64Array(n);
    this.loading = new Float64Array(n);
    this.sectorOf = new Uint8Array(n);
    this.dayLots = new Float64Array(n);
    this.tradeRate = new Float64Array(n);
    this.floatShares = new Float64Array(n);
    this.tier = new Uint8Array(n);
    const sectorIndex = new Map(SECTORS.map((s, k) => [s.key, k]));
    listings.forEach((l, i) => {
      this.prevClose[i] = l.prevCloseCents;
      this.last[i] = l.prevCloseCents;
      this.fair[i] = Math.log(l.prevCloseCents);
      this.anchor[i] = this.fair[i]!;
      this.sigma[i] = l.dailyVol / Math.sqrt(TRADING_MINUTES);
      this.beta[i] = l.beta;
      this.loading[i] = l.sectorLoading;
      this.sectorOf[i] = sectorIndex.get(l.sector) ?? 0;
      this.dayLots[i] = (l.floatShares * l.turnoverRate) / LOT;
      this.tradeRate[i] = TRADE_RATE[l.tier]!;
      this.floatShares[i] = l.floatShares;
      this.tier[i] = l.tier;
    });
    this.sectorLogVol = new Float64Array(SECTORS.length);
    this.sectorShock = new Float64Array(SECTORS.length);
    this.themeDrift = new Float64Array(SECTORS.length);
    this.indices = opts.universe.indices.map((def) => {
      const constituents = Int32Array.from(def.constituents);
      const weights = Float64Array.from(def.constituents, (i) =>
        def.weighting === 'total' ? listings[i]!.totalShares : listings[i]!.floatShares,
      );
      return {
        constituents,
        weights,
        prevClose: def.baseLevel,
        base: 1,
        value: def.baseLevel,
        open: 0,
        high: 0,
        low: 0,
        seq: 0,
      };
    });

    const startDate = shanghaiDate(opts.start);
    this.now = shanghaiMidnight(startDate) - gridMs;
    const firstTradingDate = this.calendar.isTradingDay(startDate)
      ? startDate
      : this.calendar.nextTradingDay(startDate);
    this.rollover(firstTradingDate);
  }

  /** The last grid instant processed. */
  get time(): number {
    return this.now;
  }

  get phase(): MarketPhase {
    return this.currentPhase;
  }

  /** The trading day being traded, or the next one before it opens. */
  get tradingDate(): string {
    return this.date;
  }

  private stateArrays(): Record<StateArrayName, StateArray> {
    const { last, limitUp, limitDown, high, low, tradeSeq, prevClose, open, hasBand, volume } = this;
    const { turnoverCents, buyCents, sellCents, fair, anchor, logVol, side, sealed, indicative } = this;
    const { auctionLots, seq, dirty, newsMinute, newsSize, spread, levelStep } = this;
    const { sectorLogVol, sectorShock, themeDrift } = this;
    return {
      last,
      limitUp,
      limitDown,
      high,
      low,
      tradeSeq,
      prevClose,
      open,
      hasBand,
      volume,
      turnoverCents,
      buyCents,
      sellCents,
      fair,
      anchor,
      logVol,
      side,
      sealed,
      indicative,
      auctionLots,
      seq,
      dirty,
      newsMinute,
      newsSize,
      spread,
      levelStep,
      sectorLogVol,
      sectorShock,
      themeDrift,
    };
  }

  /** The state now, for a checkpoint (see SimulatorState). */
  state(): SimulatorState {
    return {
      fingerprint: this.fingerprint,
      time: this.now,
      phase: this.currentPhase,
      tradingDate: this.date,
      firstDay: this.firstDay,
      marketLogVol: this.marketLogVol,
      indicesDirty: this.indicesDirty,
      rng: this.rng.state(),
      indices: this.indices.map(({ prevClose, base, value, open, high, low, seq }) => ({
        prevClose,
        base,
        value,
        open,
        high,
        low,
        seq,
      })),
      arrays: this.stateArrays(),
    };
  }

  /** Continues from a state() taken of a simulator with the same fingerprint. */
  resume(state: SimulatorState): void {
    if (state.fingerprint !== this.fingerprint || state.indices.length !== this.indices.length)
      throw new RangeError('the state is of another simulation');
    const arrays = this.stateArrays();
    for (const name of STATE_ARRAYS) {
      const target = arrays[name];
      const source = state.arrays[name];
      if (source.length !== target.length || source.constructor !== target.constructor)
        throw new RangeError(`the state's ${name} does not fit`);
    }
    for (const name of STATE_ARRAYS) arrays[name].set(state.arrays[name] as never);
    this.now = state.time;
    this.currentPhase = state.phase;
    this.date = state.tradingDate;
    this.firstDay = state.firstDay;
    this.marketLogVol = state.marketLogVol;
    this.indicesDirty = state.indicesDirty;
    this.rng.restore(state.rng);
    state.indices.forEach((figures, j) => {
      Object.assign(this.indices[j]!, figures);
    });
    this.phaseMinute = Number.NaN;
  }

  /** Processes every grid instant up to and including `instant`. */
  advanceTo(instant: number, observer: SimulationObserver = {}): void {
    let t = this.now + this.gridMs;
    while (t <= instant) {
      const phase = this.phaseOf(t);
      if (phase !== this.phase) this.transition(t, phase, observer);
      if (phase === 'continuous') this.stepContinuous(t, observer);
      else if (CALL_PHASES.has(phase)) this.stepCall();
      this.now = t;
      observer.onStep?.(t, phase);
      // Nothing happens between phase boundaries outside trading, and boundaries fall on minutes.
      t = phase === 'continuous' || CALL_PHASES.has(phase) ? t + this.gridMs : t - (t % MINUTE) + MINUTE;
    }
  }

  /** Quotes of every listing that changed since the last call, each with its next sequence number. */
  takeQuotes(ts: number): Quote[] {
    const out: Quote[] = [];
    for (let i = 0; i < this.count; i++) {
      if (this.dirty[i] === 0) continue;
      this.dirty[i] = 0;
      this.seq[i]! += 1;
      out.push(this.quote(i, ts));
    }
    return out;
  }

  takeIndexQuotes(ts: number): IndexQuote[] {
    if (!this.indicesDirty) return [];
    this.indicesDirty = false;
    return this.indices.map((_, j) => {
      this.indices[j]!.seq += 1;
      return this.indexQuote(j, ts);
    });
  }

  quotes(ts: number): Quote[] {
    return Array.from({ length: this.count }, (_, i) => this.quote(i, ts));
  }

  indexQuotes(ts: number): IndexQuote[] {
    return this.indices.map((_, j) => this.indexQuote(j, ts));
  }

  instruments(): InstrumentInfo[] {
    return this.universe.listings.map((l) => ({
      symbol: l.symbol,
      name: l.name,
      initials: l.initials,
      exchange: l.exchange,
      board: l.board,
      isST: l.isST,
      sector: l.sector,
      floatShares: l.floatShares,
      totalShares: l.totalShares,
      eps: simulatedEps(l),
    }));
  }

  /** Listings at their limits now: at the close these are the day's limit-up and limit-down names. */
  limitCounts(): { up: number; down: number; touchedUp: number; touchedDown: number } {
    const counts = { up: 0, down: 0, touchedUp: 0, touchedDown: 0 };
    for (let i = 0; i < this.count; i++) {
      if (this.hasBand[i] === 0 || this.open[i] === 0) continue;
      if (this.last[i] === this.limitUp[i]) counts.up++;
      if (this.last[i] === this.limitDown[i]) counts.down++;
      if (this.high[i] === this.limitUp[i]) counts.touchedUp++;
      if (this.low[i] === this.limitDown[i]) counts.touchedDown++;
    }
    return counts;
  }

  /** Phases change on whole minutes, so one look-up per minute serves every grid instant in it. */
  private phaseOf(t: number): MarketPhase {
    const minute = t - (t % MINUTE);
    if (minute !== this.phaseMinute) {
      this.phaseMinute = minute;
      this.minutePhase = phaseAt(minute, this.calendar);
    }
    return this.minutePhase;
  }

  private transition(t: number, phase: MarketPhase, observer: SimulationObserver): void {
    const previous = this.phase;
    if (phase !== 'closed') {
      const date = shanghaiDate(t);
      if (date !== this.tradingDate) this.rollover(date);
    }
    if (phase === 'preContinuous' && CALL_PHASES.has(previous)) this.uncross(t, 'open', observer);
    if (phase === 'postClose' && previous === 'closingCall') this.uncross(t, 'close', observer);
    if (phase === 'closingCall') this.drawAuctionLots(this.p.closeAuctionShare);
    this.currentPhase = phase;
    this.dirty.fill(1);
    this.indicesDirty = true;
    observer.onPhase?.({ phase, previous, tradingDate: this.tradingDate, time: t });
  }

  /** A new trading day: yesterday's close becomes the previous close, the bands and the day's news are set. */
  private rollover(date: string): void {
    const { p, rng } = this;
    const listings = this.universe.listings;
    this.date = date;
    const gapMarket = p.overnightGapVol * 0.6 * rng.normal();
    // The sector shocks hold the night's sector news until trading overwrites them.
    for (let k = 0; k < SECTORS.length; k++) this.sectorShock[k] = p.overnightGapVol * 0.5 * rng.normal();
    this.drawThemes();
    for (let i = 0; i < this.count; i++) {
      if (!this.firstDay) this.prevClose[i] = this.last[i]!;
      const close = this.prevClose[i]!;
      const limits = priceLimits({
        instrument: listings[i]!,
        prevClose: new Dec(close).div(100),
        tradingDate: date,
        calendar: this.calendar,
      });
      this.hasBand[i] = limits ? 1 : 0;
      this.limitUp[i] = limits ? limits.up.times(100).toNumber() : NO_LIMIT_UP;
      this.limitDown[i] = limits ? limits.down.times(100).toNumber() : 1;
      this.last[i] = close;
      this.open[i] = 0;
      this.high[i] = 0;
      this.low[i] = 0;
      this.volume[i] = 0;
      this.turnoverCents[i] = 0;
      this.buyCents[i] = 0;
      this.sellCents[i] = 0;
      this.sealed[i] = 0;
      this.indicative[i] = 0;
      const tier = this.tier[i]!;
      this.spread[i] = Math.max(1, Math.round((close * SPREAD_BPS[tier]!) / 10_000));
      this.levelStep[i] = Math.max(1, Math.round(this.spread[i]! / 2));

      // Fair value: part of yesterday's unfilled demand at a limit carries over, plus the night's news.
      const logClose = Math.log(close);
      let fair = logClose + p.overnightCarry * (this.fair[i]! - logClose);
      fair -= p.meanReversion * (fair - this.anchor[i]!);
      fair += this.beta[i]! * gapMarket + this.loading[i]! * this.sectorShock[this.sectorOf[i]!]!;
      fair += p.overnightGapVol * rng.studentT(p.tailDof);
      this.newsMinute[i] = -1;
      if (rng.chance(p.newsProbability)) {
        const growth = listings[i]!.board === 'chinext' || listings[i]!.board === 'star' ? 1.5 : 1;
        const size =
          growth *
          (p.newsMinSize - p.newsMeanExcess * Math.log(1 - rng.uniform())) *
          (rng.chance(p.newsUpShare) ? 1 : -1);
        // A third of news comes overnight and shows as an opening gap.
        if (rng.chance(1 / 3)) fair += size;
        else {
          this.newsMinute[i] = rng.int(TRADING_MINUTES);
          this.newsSize[i] = size;
        }
      }
      this.fair[i] = fair;
    }
    this.drawAuctionLots(p.openAuctionShare);
    for (const index of this.indices) {
      if (!this.firstDay) index.prevClose = index.value;
      let base = 0;
      for (let k = 0; k < index.constituents.length; k++) {
        base += index.weights[k]! * this.prevClose[index.constituents[k]!]!;
      }
      index.base = base;
      index.value = index.prevClose;
      index.open = 0;
      index.high = 0;
      index.low = 0;
    }
    this.firstDay = false;
    this.dirty.fill(1);
    this.indicesDirty = true;
  }

  private drawThemes(): void {
    const { p, rng } = this;
    this.themeDrift.fill(0);
    for (let k = 0; k < p.hotSectors + p.coldSectors; k++) {
      const [lo, hi] = k < p.hotSectors ? p.hotDrift : p.coldDrift;
      this.themeDrift[rng.int(SECTORS.length)] = rng.between(lo, hi);
    }
  }

  private drawAuctionLots(share: number): void {
    for (let i = 0; i < this.count; i++) {
      this.auctionLots[i] = Math.max(1, this.dayLots[i]! * share * this.rng.logNormalMeanOne(0.6));
    }
  }

  /** Fair value on the tick grid, before the band. */
  private target(i: number): number {
    return Math.max(1, Math.round(Math.exp(this.fair[i]!)));
  }

  /** 1 when demand beyond limit-up queues at it, −1 likewise at limit-down. */
  private sealedAt(i: number, target: number): number {
    if (this.hasBand[i] === 0) return 0;
    return target >= this.limitUp[i]! ? 1 : target <= this.limitDown[i]! ? -1 : 0;
  }

  private priceOf(i: number): number {
    return Math.min(this.limitUp[i]!, Math.max(this.limitDown[i]!, this.target(i)));
  }

  /** Call auction: orders accumulate and the indicative price follows fair value; nothing trades. */
  private stepCall(): void {
    const { rng } = this;
    const scale = 0.3 * Math.sqrt(this.gridMs / MINUTE);
    for (let i = 0; i < this.count; i++) {
      this.fair[i]! += this.sigma[i]! * scale * rng.normal();
      this.indicative[i] = this.priceOf(i);
    }
    this.dirty.fill(1);
  }

  /** The single uncrossing print of a call auction. */
  private uncross(t: number, kind: 'open' | 'close', observer: SimulationObserver): void {
    for (let i = 0; i < this.count; i++) {
      const target = this.target(i);
      const price = this.priceOf(i);
      const volume = Math.round(this.auctionLots[i]!) * LOT;
      const side = price >= this.prevClose[i]! ? 1 : -1;
      this.trade(i, price, volume, side, this.sealedAt(i, target), t, kind, observer);
      if (kind === 'open') this.open[i] = price;
      this.indicative[i] = 0;
    }
    this.updateIndices(kind === 'open');
  }

  private trade(
    i: number,
    price: number,
    volume: number,
    side: 1 | -1,
    sealed: number,
    t: number,
    kind: TradeKind,
    observer: SimulationObserver,
  ): void {
    this.last[i] = price;
    if (this.high[i] === 0 || price > this.high[i]!) this.high[i] = price;
    if (this.low[i] === 0 || price < this.low[i]!) this.low[i] = price;
    this.volume[i]! += volume;
    this.turnoverCents[i]! += price * volume;
    if (kind === 'continuous') {
      if (side > 0) this.buyCents[i]! += price * volume;
      else this.sellCents[i]! += price * volume;
    }
    this.side[i] = side;
    this.sealed[i] = sealed;
    this.tradeSeq[i]! += 1;
    this.dirty[i] = 1;
    observer.onTrade?.(i, price, volume, side, t, kind);
  }

  private stepContinuous(t: number, observer: SimulationObserver): void {
    const { p, rng } = this;
    const tau = Math.min(TRADING_MINUTES - 1, Math.max(0, tradingMinute(shanghaiMinuteOfDay(t))));
    const dtMin = this.gridMs / MINUTE;
    const sqrtDt = Math.sqrt(dtMin);
    const volProfile = VOL_PROFILE[tau]!;

    // Log-volatilities are Ornstein–Uhlenbeck processes, stepped exactly.
    // Stock log-vols move once a minute: finer steps would cost a normal per stock per step.
    const newMinute = t % MINUTE === 0;
    const decayStock = Math.exp(-Math.LN2 / p.stockLogVolHalfLife);
    const noiseStock = p.stockLogVolSd * Math.sqrt(1 - decayStock * decayStock);
    const decayMarket = Math.exp((-Math.LN2 * dtMin) / p.factorLogVolHalfLife);
    const noiseMarket = p.factorLogVolSd * Math.sqrt(1 - decayMarket * decayMarket);
    this.marketLogVol = this.marketLogVol * decayMarket + noiseMarket * rng.normal();
    const marketScale = Math.exp(this.marketLogVol - p.factorLogVolSd ** 2);
    const minuteVol = (daily: number) => (daily / Math.sqrt(TRADING_MINUTES)) * volProfile * sqrtDt;
    const marketShock = minuteVol(p.marketDailyVol) * marketScale * rng.normal();
    const themeShare = THEME_PROFILE[tau]! * dtMin;
    for (let k = 0; k < SECTORS.length; k++) {
      this.sectorLogVol[k] = this.sectorLogVol[k]! * decayMarket + noiseMarket * rng.normal();
      this.sectorShock[k] =
        minuteVol(p.sectorDailyVol) * Math.exp(this.sectorLogVol[k]! - p.factorLogVolSd ** 2) * rng.normal() +
        this.themeDrift[k]! * themeShare;
    }

    const stockScale = volProfile * sqrtDt * Math.exp(-(p.stockLogVolSd ** 2));
    const activityNorm = Math.exp(-0.5 * p.stockLogVolSd ** 2) * marketScale;
    const volumeScale = (VOLUME_PROFILE[tau]! * dtMin) / TRADING_MINUTES;
    const dtSec = this.gridMs / 1000;
    for (let i = 0; i < this.count; i++) {
      const h = newMinute ? this.logVol[i]! * decayStock + noiseStock * rng.normal() : this.logVol[i]!;
      const vol = Math.exp(h);
      const sd = this.sigma[i]! * vol * stockScale;
      const z = rng.studentT(p.tailDof);
      let r = this.beta[i]! * marketShock + this.loading[i]! * this.sectorShock[this.sectorOf[i]!]! + sd * z;
      this.logVol[i] = h;
      if (this.newsMinute[i] === tau) {
        r += this.newsSize[i]!;
        this.logVol[i]! += p.newsVolBoost;
        this.newsMinute[i] = -1;
      }
      this.fair[i]! += r;

      const activity = vol * activityNorm;
      const tradeProbability = 1 - Math.exp(-this.tradeRate[i]! * dtSec * activity);
      if (rng.uniform() >= tradeProbability) continue;
      const target = this.target(i);
      const up = this.limitUp[i]!;
      const down = this.limitDown[i]!;
      const price = Math.min(up, Math.max(down, target));
      const last = this.last[i]!;
      // Demand beyond a limit queues there: every trade is a seller hitting the limit-up queue
      // (or a buyer lifting the limit-down queue), and few come.
      const sealed = this.sealedAt(i, target);
      let side: 1 | -1 = price > last ? 1 : -1;
      if (sealed !== 0) side = sealed > 0 ? -1 : 1;
      else if (price === last) side = rng.uniform() < 0.5 ? 1 : -1;
      const lots =
        (this.dayLots[i]! * volumeScale * activity * (0.6 + 0.5 * Math.abs(z)) * rng.logNormalMeanOne(0.6)) /
        tradeProbability;
      const volume = Math.max(1, Math.round(sealed ? lots * p.sealedVolumeFactor : lots)) * LOT;
      this.trade(i, price, volume, side, sealed, t, 'continuous', observer);
    }
    this.updateIndices(false);
  }

  private updateIndices(opening: boolean): void {
    for (const index of this.indices) {
      let sum = 0;
      for (let k = 0; k < index.constituents.length; k++) {
        sum += index.weights[k]! * this.last[index.constituents[k]!]!;
      }
      const value = index.base > 0 ? (index.prevClose * sum) / index.base : index.prevClose;
      index.value = value;
      if (opening) index.open = value;
      index.high = Math.max(index.high, value);
      index.low = index.low === 0 ? value : Math.min(index.low, value);
    }
    this.indicesDirty = true;
  }

  private bookState(i: number): BookState {
    const last = this.last[i]!;
    const limitUp = this.limitUp[i]!;
    const limitDown = this.limitDown[i]!;
    const excess = Math.abs(this.fair[i]! - Math.log(last));
    return {
      last,
      side: this.side[i]!,
      spread: this.spread[i]!,
      step: this.levelStep[i]!,
      limitUp,
      limitDown,
      sealed: this.sealed[i]!,
      depthLots: this.dayLots[i]! * DEPTH_SHARE[this.tier[i]!]!,
      queueLots: this.dayLots[i]! * Math.min(1.5, 0.05 + 3 * excess),
      key: (this.seedKey ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(this.tradeSeq[i]! + 1, 0x85ebca6b)) >>> 0,
      places: PRICE_PLACES,
    };
  }

  private quote(i: number, ts: number): Quote {
    const listing = this.universe.listings[i]!;
    const last = this.last[i]!;
    const prevClose = this.prevClose[i]!;
    const traded = this.open[i] !== 0;
    const indicative = this.indicative[i]!;
    const state = this.bookState(i);
    let book: Pick<Quote, 'bids' | 'asks'> = { bids: [], asks: [] };
    let auction: Quote['indicative'] = null;
    if (indicative !== 0) {
      const progress = this.callProgress();
      const matchedLots = this.auctionLots[i]! * progress;
      book = auctionBook(state, indicative, matchedLots);
      auction = {
        price: scaledToString(indicative, PRICE_PLACES),
        volume: Math.max(1, Math.round(matchedLots)) * LOT,
      };
    } else if (traded) book = continuousBook(state);
    const band = this.hasBand[i] === 1;
    return {
      symbol: listing.symbol,
      name: listing.name,
      board: listing.board,
      price: scaledToString(last, PRICE_PLACES),
      open: traded ? scaledToString(this.open[i]!, PRICE_PLACES) : null,
      high: traded ? scaledToString(this.high[i]!, PRICE_PLACES) : null,
      low: traded ? scaledToString(this.low[i]!, PRICE_PLACES) : null,
      prevClose: scaledToString(prevClose, PRICE_PLACES),
      change: scaledToString(last - prevClose, PRICE_PLACES),
      pct: percentString(last - prevClose, prevClose),
      volume: this.volume[i]!,
      turnover: scaledToString(this.turnoverCents[i]!, 2),
      buyTurnover: scaledToString(this.buyCents[i]!, 2),
      sellTurnover: scaledToString(this.sellCents[i]!, 2),
      turnoverRate: percentString(this.volume[i]!, this.floatShares[i]!),
      limitUp: band ? scaledToString(this.limitUp[i]!, PRICE_PLACES) : null,
      limitDown: band ? scaledToString(this.limitDown[i]!, PRICE_PLACES) : null,
      ...book,
      indicative: auction,
      ts,
      time: this.time,
      seq: this.seq[i]!,
      phase: this.phase,
    };
  }

  /** How far the current call auction has run, 0..1: matched volume builds up as orders arrive. */
  private callProgress(): number {
    const minute = shanghaiMinuteOfDay(this.time);
    const secondOfCall = (this.time % MINUTE) / 1000;
    const [from, length] = this.phase === 'closingCall' ? [14 * 60 + 57, 3] : [9 * 60 + 15, 10];
    return Math.min(1, Math.max(0.05, (minute - from + secondOfCall / 60) / length));
  }

  private indexQuote(j: number, ts: number): IndexQuote {
    const def = this.universe.indices[j]!;
    const index = this.indices[j]!;
    const points = (v: number) => scaledToString(Math.round(v * 100), 2);
    let volume = 0;
    let turnover = 0;
    for (const i of index.constituents) {
      volume += this.volume[i]!;
      turnover += this.turnoverCents[i]!;
    }
    const value = Math.round(index.value * 100);
    const prevClose = Math.round(index.prevClose * 100);
    const opened = index.open !== 0;
    return {
      symbol: def.symbol,
      name: def.name,
      value: scaledToString(value, 2),
      open: opened ? points(index.open) : null,
      high: opened ? points(index.high) : null,
      low: opened ? points(index.low) : null,
      prevClose: scaledToString(prevClose, 2),
      change: scaledToString(value - prevClose, 2),
      pct: percentString(value - prevClose, prevClose),
      volume,
      turnover: scaledToString(turnover, 2),
      ts,
      time: this.time,
      seq: index.seq,
      phase: this.phase,
    };
  }
}
