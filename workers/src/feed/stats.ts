/**
 * Stylised facts of what the simulator produced, the yardstick of section 5 of issue 3:
 * fat tails and volatility clustering of 1-minute returns, the U-shaped volume smile, and
 * how many names close at their limits.
 */
import { exchangeCalendar, type MarketPhase, shanghaiMinuteOfDay } from '@bourse/shared';
import { shanghaiMidnight } from './clock.ts';
import { MarketSimulator, type SimulationObserver } from './simulator.ts';
import { generateUniverse } from './universe/universe.ts';

export const MAX_LAG = 10;

/** Half-hour buckets; the opening auction counts in the first, the closing auction in the last. */
export const HALF_HOURS = ['09:30', '10:00', '10:30', '11:00', '13:00', '13:30', '14:00', '14:30'] as const;

export interface DayLimits {
  tradingDate: string;
  /** Shares of all listings closing at limit-up / limit-down, and touching it during the day. */
  closedUp: number;
  closedDown: number;
  touchedUp: number;
  touchedDown: number;
}

export interface StylisedFacts {
  symbols: number;
  minuteReturns: number;
  /** Pooled excess kurtosis of 1-minute log returns, each symbol standardised by its own moments. */
  excessKurtosis: number;
  /** Mean over symbols of the autocorrelation of |1-minute return| at lags 1..MAX_LAG. */
  absReturnAutocorrelation: number[];
  /** Share of the day's volume in each half hour of HALF_HOURS. */
  volumeShareByHalfHour: number[];
  days: DayLimits[];
}

const SESSION_MINUTES = [
  [9 * 60 + 30, 11 * 60 + 30],
  [13 * 60, 14 * 60 + 57],
] as const;

function halfHourOf(minuteOfDay: number): number {
  if (minuteOfDay < 11 * 60 + 30) return Math.max(0, Math.floor((minuteOfDay - (9 * 60 + 30)) / 30));
  return Math.min(7, 4 + Math.floor((minuteOfDay - 13 * 60) / 30));
}

/**
 * Collects the facts while a simulator runs: sample prices on each minute of continuous
 * trading, accumulate power sums and lagged products per symbol, bucket trade volume.
 */
export class StatsCollector implements SimulationObserver {
  private readonly n: number;
  private readonly lastSample: Float64Array;
  private readonly count: Float64Array;
  private readonly s1: Float64Array;
  private readonly s2: Float64Array;
  private readonly s3: Float64Array;
  private readonly s4: Float64Array;
  private readonly a1: Float64Array;
  private readonly a2: Float64Array;
  /** Ring of the last MAX_LAG |returns| per symbol, and products with each lag. */
  private readonly ring: Float64Array;
  private readonly lagProducts: Float64Array;
  private readonly lagCounts: Float64Array;
  private ringFill = 0;
  private ringHead = 0;
  private readonly volumeByBucket = new Float64Array(HALF_HOURS.length);
  private readonly days: DayLimits[] = [];

  constructor(private readonly sim: MarketSimulator) {
    const n = sim.count;
    this.n = n;
    this.lastSample = new Float64Array(n).fill(Number.NaN);
    this.count = new Float64Array(n);
    this.s1 = new Float64Array(n);
    this.s2 = new Float64Array(n);
    this.s3 = new Float64Array(n);
    this.s4 = new Float64Array(n);
    this.a1 = new Float64Array(n);
    this.a2 = new Float64Array(n);
    this.ring = new Float64Array(n * MAX_LAG);
    this.lagProducts = new Float64Array(n * MAX_LAG);
    this.lagCounts = new Float64Array(MAX_LAG);
  }

  onTrade(_i: number, _price: number, volume: number, _side: 1 | -1, time: number): void {
    this.volumeByBucket[halfHourOf(shanghaiMinuteOfDay(time))]! += volume;
  }

  onPhase(change: { phase: MarketPhase; previous: MarketPhase; tradingDate: string }): void {
    if (change.phase === 'preOpen') {
      // Returns and their lags never span a night.
      this.lastSample.fill(Number.NaN);
      this.ringFill = 0;
    }
    if (change.phase === 'postClose') {
      const c = this.sim.limitCounts();
      this.days.push({
        tradingDate: change.tradingDate,
        closedUp: c.up / this.n,
        closedDown: c.down / this.n,
        touchedUp: c.touchedUp / this.n,
        touchedDown: c.touchedDown / this.n,
      });
    }
  }

  onStep(time: number): void {
    if (time % 60_000 !== 0) return;
    const minute = shanghaiMinuteOfDay(time);
    const session = SESSION_MINUTES.find(([from, to]) => minute >= from && minute <= to);
    if (!session) return;
    // Lunch separates two series: no return spans it.
    if (minute === session[0]) {
      this.sample(false);
      this.ringFill = 0;
    } else this.sample(true);
  }

  private sample(record: boolean): void {
    const last = this.sim.last;
    const filled = Math.min(this.ringFill, MAX_LAG);
    for (let i = 0; i < this.n; i++) {
      const logPrice = Math.log(last[i]!);
      const previous = this.lastSample[i]!;
      this.lastSample[i] = logPrice;
      if (!record || Number.isNaN(previous)) continue;
      const r = logPrice - previous;
      const r2 = r * r;
      this.count[i]! += 1;
      this.s1[i]! += r;
      this.s2[i]! += r2;
      this.s3[i]! += r2 * r;
      this.s4[i]! += r2 * r2;
      const a = Math.abs(r);
      this.a1[i]! += a;
      this.a2[i]! += r2;
      const base = i * MAX_LAG;
      for (let k = 1; k <= filled; k++) {
        const slot = (this.ringHead - k + MAX_LAG) % MAX_LAG;
        this.lagProducts[base + k - 1]! += a * this.ring[base + slot]!;
      }
      this.ring[base + this.ringHead] = a;
    }
    if (!record) return;
    for (let k = 1; k <= filled; k++) this.lagCounts[k - 1]! += 1;
    this.ringHead = (this.ringHead + 1) % MAX_LAG;
    this.ringFill++;
  }

  result(): StylisedFacts {
    let kurtosisWeighted = 0;
    let returns = 0;
    const acf = new Float64Array(MAX_LAG);
    let acfSymbols = 0;
    for (let i = 0; i < this.n; i++) {
      const n = this.count[i]!;
      if (n < 30) continue;
      const mean = this.s1[i]! / n;
      const m2 = this.s2[i]! / n - mean * mean;
      if (m2 <= 0) continue;
      const m4 = (this.s4[i]! - 4 * mean * this.s3[i]! + 6 * mean * mean * this.s2[i]!) / n - 3 * mean ** 4;
      kurtosisWeighted += (n * m4) / (m2 * m2);
      returns += n;
      const absMean = this.a1[i]! / n;
      const absVar = this.a2[i]! / n - absMean * absMean;
      if (absVar <= 0) continue;
      acfSymbols++;
      // Lag-k pairs per symbol equal the collector's lagCounts (every symbol is sampled together).
      for (let k = 0; k < MAX_LAG; k++) {
        const pairs = this.lagCounts[k]!;
        acf[k]! += (this.lagProducts[i * MAX_LAG + k]! / pairs - absMean * absMean) / absVar;
      }
    }
    const totalVolume = this.volumeByBucket.reduce((a, b) => a + b, 0);
    return {
      symbols: this.n,
      minuteReturns: returns,
      excessKurtosis: kurtosisWeighted / returns - 3,
      absReturnAutocorrelation: Array.from(acf, (v) => v / acfSymbols),
      volumeShareByHalfHour: Array.from(this.volumeByBucket, (v) => v / totalVolume),
      days: this.days,
    };
  }
}

export interface StatsRunOptions {
  seed: string | number;
  days: number;
  universeSize?: number;
  gridMs?: number;
  /** First trading day (YYYY-MM-DD). */
  startDate?: string;
}

/** A fixed first day, so a seed alone names a run; the rules in force on it are today's. */
export const STATS_START_DATE = '2026-07-06';

/** Runs the simulator over `days` trading days as fast as it can and measures what it produced. */
export function runStylisedFacts(opts: StatsRunOptions): StylisedFacts & { elapsedMs: number } {
  const began = performance.now();
  const universe = generateUniverse({ seed: opts.seed, size: opts.universeSize });
  const startDate = opts.startDate ?? STATS_START_DATE;
  const sim = new MarketSimulator({
    universe,
    seed: opts.seed,
    start: shanghaiMidnight(startDate),
    gridMs: opts.gridMs,
  });
  const collector = new StatsCollector(sim);
  const lastDay = exchangeCalendar.addTradingDays(sim.tradingDate, opts.days - 1);
  const end = shanghaiMidnight(lastDay) + 15.5 * 3_600_000;
  sim.advanceTo(end, collector);
  return { ...collector.result(), elapsedMs: performance.now() - began };
}
