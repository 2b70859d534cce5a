/**
 * A past for a new deployment, so K-line charts are not empty on first start: day bars for the
 * trading days before the live market (120 by default) and minute bars for the newest few,
 * ending exactly at the live day's previous closes. Running the simulator over 120 days would
 * take minutes of CPU, so this is a cheap daily model instead: a market factor with volatility
 * regimes, sector factors, fat-tailed stock moves and news jumps, generated backwards from the
 * known closes, within each day's price band. Deterministic by seed.
 */
import { setTimeout as pause } from 'node:timers/promises';
import {
  type DayRun,
  dayBarRange,
  dayBarsOn,
  dayRun,
  storeDayRuns,
  storeMinuteSeries,
} from '@bourse/core/market/history';
import type { Db } from '@bourse/core/platform';
import {
  type DayBar,
  Dec,
  encodeSeries,
  exchangeCalendar,
  MINUTE_SLOTS,
  type MinuteBar,
  priceLimits,
} from '@bourse/shared';
import type { Listing, Universe } from '../feed/index.ts';
import { TRADING_MINUTES, VOLUME_PROFILE } from '../feed/params.ts';
import { Rng } from '../feed/rng.ts';
import { SECTORS } from '../feed/universe/names.ts';
import type { DayPlan } from './simulatedDay.ts';

const LOT = 100;
const MARKET_VOL = 0.011;
const SECTOR_VOL = 0.009;
const OPEN_AUCTION_SHARE = 0.025;
const CLOSE_AUCTION_SHARE = 0.035;
/** Symbols generated between pauses: a backfill shares the process with the live market (~30 ms a slice). */
const SYMBOLS_PER_SLICE = 25;
const PAUSE_MS = 20;

export interface HistoryRequest {
  universe: Universe;
  seed: string;
  /** Trading days, oldest first; the last one ends at `closes`. */
  dates: readonly string[];
  /** Close of the last date per listing (cents), in universe order. */
  closes: readonly number[];
  /** Close of the last date per index (cents of a point). */
  indexCloses: readonly number[];
  /** The newest dates that also get minute series. */
  minuteDates: number;
  /** Ends the generation early (the process is stopping). */
  signal?: AbortSignal;
}

export interface History {
  /** Day bars of every listing and index, in month runs. */
  runs: DayRun[];
  /** Minute series by date, then symbol. */
  series: Map<string, Map<string, Uint8Array>>;
}

/** Band fraction (0.1 = ±10%) by board, risk warning and date, from the dated rules. */
const bands = new Map<string, number>();
function bandOf(listing: Listing, date: string): number {
  const key = `${listing.board}:${listing.isST}:${date}`;
  let band = bands.get(key);
  if (band === undefined) {
    const limits = priceLimits({
      instrument: {
        symbol: listing.symbol,
        exchange: listing.exchange,
        board: listing.board,
        kind: 'stock',
        isST: listing.isST,
      },
      prevClose: new Dec(100),
      tradingDate: date,
    });
    band = limits ? limits.up.minus(100).div(100).toNumber() : 0.3;
    bands.set(key, band);
  }
  return band;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A symbol's days, newest first as generated, as encoded month runs: the bars themselves are dropped at once. */
function monthRuns(symbol: string, newestFirst: readonly DayBar[]): DayRun[] {
  const runs: DayRun[] = [];
  let run: DayBar[] = [];
  for (let d = newestFirst.length - 1; d >= 0; d--) {
    const bar = newestFirst[d]!;
    if (run.length > 0 && run[0]!.tradingDate.slice(0, 7) !== bar.tradingDate.slice(0, 7)) {
      runs.push(dayRun(symbol, run));
      run = [];
    }
    run.push(bar);
  }
  if (run.length > 0) runs.push(dayRun(symbol, run));
  return runs;
}

/** The previous close that leads to `close` by a move of about `r`, with `close` inside its band. */
function prevCloseFor(close: number, r: number, band: number): number {
  let prev = Math.max(1, Math.round(close / (1 + r)));
  while (close > Math.round(prev * (1 + band))) prev++;
  while (prev > 1 && close < Math.round(prev * (1 - band))) prev--;
  return prev;
}

/** A slot's volume (shares) and turnover (cents), given its typical price. */
type SlotVolume = (slot: number, typical: number) => { volume: number; turnover: number };

/**
 * A day's 240 minute slots from open to close inside [down, up]: a random bridge through the
 * continuous session, the closing call's two empty minutes, then its print at the close.
 * `volumeOf` fills in each traded slot, the print (slot 239) last.
 */
function minuteBridge(
  rng: Rng,
  open: number,
  close: number,
  sigma: number,
  down: number,
  up: number,
  volumeOf: SlotVolume,
): MinuteBar[] {
  const continuous = TRADING_MINUTES; // slots 0..236; 237–238 are the closing call, 239 its print
  const steps = Float64Array.from(
    { length: continuous },
    () => rng.studentT(4) * (sigma / Math.sqrt(continuous)),
  );
  const drift = (Math.log(close) - Math.log(open) - steps.reduce((a, b) => a + b, 0)) / continuous;
  const bars: MinuteBar[] = [];
  let log = Math.log(open);
  let last = open;
  for (let slot = 0; slot < continuous; slot++) {
    log += steps[slot]! + drift;
    const price = clamp(Math.round(Math.exp(log)), down, up);
    const from = slot === 0 ? open : last;
    const high = clamp(Math.max(from, price) + (rng.chance(0.4) ? 1 : 0), down, up);
    const low = clamp(Math.min(from, price) - (rng.chance(0.4) ? 1 : 0), down, up);
    const traded = volumeOf(slot, Math.round((from + high + low + price) / 4));
    bars.push({ open: from, high, low, close: price, ...traded });
    last = price;
  }
  const empty = { open: last, high: last, low: last, close: last, volume: 0, turnover: 0 };
  bars.push(empty, { ...empty });
  bars.push({ open: close, high: close, low: close, close, ...volumeOf(MINUTE_SLOTS - 1, close) });
  return bars;
}

/** A stock's minute slots, summing to about `lots` lots along the U-shaped volume profile. */
function stockMinutes(
  rng: Rng,
  open: number,
  close: number,
  lots: number,
  sigma: number,
  down: number,
  up: number,
): MinuteBar[] {
  const volumeShare = (slot: number) =>
    (1 - OPEN_AUCTION_SHARE - CLOSE_AUCTION_SHARE) * (VOLUME_PROFILE[slot]! / TRADING_MINUTES);
  return minuteBridge(rng, open, close, sigma, down, up, (slot, typical) => {
    if (slot === MINUTE_SLOTS - 1) {
      const auction = Math.max(1, Math.round(lots * CLOSE_AUCTION_SHARE)) * LOT;
      return { volume: auction, turnover: auction * typical };
    }
    const share = volumeShare(slot) + (slot === 0 ? OPEN_AUCTION_SHARE : 0);
    const volume = Math.max(1, Math.round(lots * share * rng.logNormalMeanOne(0.5))) * LOT;
    return { volume, turnover: volume * typical };
  });
}

/** The day bar of a day's minutes; an index (no float) has no turnover rate. */
function dayFromMinutes(
  bars: readonly MinuteBar[],
  tradingDate: string,
  prevClose: number,
  floatShares: number | null,
): DayBar {
  let volume = 0;
  let turnover = 0;
  let high = bars[0]!.high;
  let low = bars[0]!.low;
  for (const b of bars) {
    volume += b.volume;
    turnover += b.turnover;
    if (b.volume > 0) {
      high = Math.max(high, b.high);
      low = Math.min(low, b.low);
    }
  }
  return {
    tradingDate,
    prevClose,
    open: bars[0]!.open,
    high,
    low,
    close: bars.at(-1)!.close,
    volume,
    turnover,
    turnoverRate: floatShares ? Math.round((volume * 10_000) / floatShares) : 0,
  };
}

/** The market's day moves, shared by every listing: factor returns with volatility regimes, and sector moves. */
function factors(seed: string, days: number) {
  const rng = new Rng(`${seed}/backfill/factors`);
  const market = new Float64Array(days);
  const sectors = Array.from({ length: days }, () => new Float64Array(SECTORS.length));
  let regime = 0;
  for (let d = 0; d < days; d++) {
    regime = 0.95 * regime + 0.4 * Math.sqrt(1 - 0.95 ** 2) * rng.normal();
    market[d] = MARKET_VOL * Math.exp(regime) * rng.normal();
    for (let k = 0; k < SECTORS.length; k++) sectors[d]![k] = SECTOR_VOL * rng.normal();
  }
  return { market, sectors };
}

export async function generateHistory(req: HistoryRequest): Promise<History> {
  const { universe, seed, dates } = req;
  const days = dates.length;
  const { market, sectors } = factors(seed, days);
  const sectorIndex = new Map(SECTORS.map((s, k) => [s.key, k]));
  const minuteFrom = days - req.minuteDates;
  const runs: DayRun[] = [];
  const series = new Map(dates.slice(minuteFrom).map((d) => [d, new Map<string, Uint8Array>()]));
  const indexVolume = universe.indices.map(() => new Float64Array(days));
  const indexTurnover = universe.indices.map(() => new Float64Array(days));
  // Per index and minute date: what its constituents traded in each slot.
  const indexSlots = universe.indices.map(
    () =>
      new Map(
        dates
          .slice(minuteFrom)
          .map((d) => [
            d,
            { volume: new Float64Array(MINUTE_SLOTS), turnover: new Float64Array(MINUTE_SLOTS) },
          ]),
      ),
  );
  const memberOf = universe.listings.map(() => [] as number[]);
  universe.indices.forEach((index, j) => {
    for (const i of index.constituents) memberOf[i]!.push(j);
  });

  for (let i = 0; i < universe.listings.length; i++) {
    if (i % SYMBOLS_PER_SLICE === 0) {
      await pause(PAUSE_MS);
      req.signal?.throwIfAborted();
    }
    const l = universe.listings[i]!;
    const rng = new Rng(`${seed}/backfill/${l.symbol}`);
    const sector = sectorIndex.get(l.sector) ?? 0;
    const dayLots = (l.floatShares * l.turnoverRate) / LOT;
    let close = req.closes[i] ?? l.prevCloseCents;
    const generated: DayBar[] = [];
    for (let d = days - 1; d >= 0; d--) {
      const date = dates[d]!;
      const band = bandOf(l, date);
      let r = l.beta * market[d]! + l.sectorLoading * sectors[d]![sector]! + l.dailyVol * rng.studentT(4);
      if (rng.chance(0.03)) r += (rng.chance(0.7) ? 1 : -1) * (0.02 - 0.045 * Math.log(1 - rng.uniform()));
      const prev = prevCloseFor(close, clamp(r, -band, band), band);
      const up = Math.round(prev * (1 + band));
      const down = Math.max(1, Math.round(prev * (1 - band)));
      const open = clamp(Math.round(prev * Math.exp(0.3 * r + 0.3 * l.dailyVol * rng.normal())), down, up);
      const lots = dayLots * rng.logNormalMeanOne(0.4) * (1 + Math.abs(r) / l.dailyVol / 2);
      let bar: DayBar;
      if (d >= minuteFrom) {
        const slots = stockMinutes(rng, open, close, lots, l.dailyVol, down, up);
        series.get(date)!.set(l.symbol, encodeSeries({ prevClose: prev, bars: slots }));
        bar = dayFromMinutes(slots, date, prev, l.floatShares);
        for (const j of memberOf[i]!) {
          const sums = indexSlots[j]!.get(date)!;
          slots.forEach((slot, k) => {
            sums.volume[k]! += slot.volume;
            sums.turnover[k]! += slot.turnover;
          });
        }
      } else {
        const high = clamp(
          Math.round(Math.max(open, close) * (1 + Math.abs(0.4 * l.dailyVol * rng.normal()))),
          down,
          up,
        );
        const low = clamp(
          Math.round(Math.min(open, close) * (1 - Math.abs(0.4 * l.dailyVol * rng.normal()))),
          down,
          up,
        );
        const volume = Math.max(1, Math.round(lots)) * LOT;
        bar = {
          tradingDate: date,
          prevClose: prev,
          open,
          high,
          low,
          close,
          volume,
          turnover: volume * Math.round((open + high + low + 2 * close) / 5),
          turnoverRate: Math.round((volume * 10_000) / l.floatShares),
        };
      }
      generated.push(bar);
      for (const j of memberOf[i]!) {
        indexVolume[j]![d]! += bar.volume;
        indexTurnover[j]![d]! += bar.turnover;
      }
      close = prev;
    }
    runs.push(...monthRuns(l.symbol, generated));
  }

  universe.indices.forEach((index, j) => {
    const rng = new Rng(`${seed}/backfill/${index.symbol}`);
    let close = req.indexCloses[j] ?? Math.round(index.baseLevel * 100);
    const generated: DayBar[] = [];
    for (let d = days - 1; d >= 0; d--) {
      const r = market[d]! + 0.002 * rng.normal();
      const prev = Math.round(close / (1 + r));
      const open = Math.round(prev * (1 + 0.3 * r + 0.002 * rng.normal()));
      const wick = () => 1 + Math.abs(0.004 * rng.normal());
      const high = Math.round(Math.max(open, close) * wick());
      const low = Math.round(Math.min(open, close) / wick());
      const date = dates[d]!;
      const slots = indexSlots[j]!.get(date);
      if (slots) {
        // A bridge of its own from open to close, carrying the constituents' volume slot by slot,
        // with a generator of its own (and the wick draws above made all the same), so the days
        // before do not depend on how many days get minutes.
        const minuteRng = new Rng(`${seed}/backfill/${index.symbol}/${date}`);
        const minutes = minuteBridge(
          minuteRng,
          open,
          close,
          MARKET_VOL,
          1,
          Number.MAX_SAFE_INTEGER,
          (slot) => ({
            volume: slots.volume[slot]!,
            turnover: slots.turnover[slot]!,
          }),
        );
        series.get(date)!.set(index.symbol, encodeSeries({ prevClose: prev, bars: minutes }));
        generated.push(dayFromMinutes(minutes, date, prev, null));
      } else {
        generated.push({
          tradingDate: date,
          prevClose: prev,
          open,
          high,
          low,
          close,
          volume: indexVolume[j]![d]!,
          turnover: indexTurnover[j]![d]!,
          turnoverRate: 0,
        });
      }
      close = prev;
    }
    runs.push(...monthRuns(index.symbol, generated));
  });
  return { runs, series };
}

export interface BackfillOptions {
  universe: Universe;
  seed: string;
  /** The live market's first day: history ends the trading day before, at this plan's previous closes. */
  plan: DayPlan;
  days: number;
  minuteDays: number;
  /** Stops between slices and between transactions: what is stored stays whole, and the next start extends it. */
  signal?: AbortSignal;
}

/**
 * Makes up the history missing before the oldest stored day (or the live day), so that
 * `days` trading days exist; minute series only on a database without any history. Returns the
 * dates it wrote, oldest first.
 */
export async function backfillHistory(db: Db, options: BackfillOptions): Promise<string[]> {
  const { plan, universe } = options;
  const earliest = exchangeCalendar.addTradingDays(plan.tradingDate, -options.days);
  const range = await dayBarRange(db);
  if (options.days === 0 || (range && range.first <= earliest)) return [];
  const end = exchangeCalendar.previousTradingDay(range ? range.first : plan.tradingDate);
  const dates: string[] = [];
  for (let d = earliest; d <= end; d = exchangeCalendar.nextTradingDay(d)) dates.push(d);
  let closes: number[] = [...plan.prevCloses];
  let indexCloses = plan.indexPrevCloses.map((points) => Math.round(points * 100));
  if (range) {
    const first = await dayBarsOn(db, range.first);
    closes = universe.listings.map((l, i) => first.get(l.symbol)?.prevClose ?? closes[i]!);
    indexCloses = universe.indices.map((d, j) => first.get(d.symbol)?.prevClose ?? indexCloses[j]!);
  }
  const history = await generateHistory({
    universe,
    seed: options.seed,
    dates,
    closes,
    indexCloses,
    minuteDates: range ? 0 : Math.min(options.minuteDays, dates.length),
    signal: options.signal,
  });
  // Minute series first (idempotent, and only written while no day bar exists), then day bars a
  // whole month per transaction, newest first: a start cut short leaves a complete recent past
  // that the next start extends, and no transaction holds the embedded database for long.
  for (const [date, bySymbol] of history.series) {
    options.signal?.throwIfAborted();
    await storeMinuteSeries(db, date, bySymbol);
  }
  for (const runs of monthsNewestFirst(history.runs)) {
    options.signal?.throwIfAborted();
    await db.transaction(async (tx) => storeDayRuns(tx, runs));
  }
  return dates;
}

function monthsNewestFirst(runs: readonly DayRun[]): DayRun[][] {
  const byMonth = new Map<string, DayRun[]>();
  for (const run of runs) {
    const month = run.firstDate.slice(0, 7);
    const sameMonth = byMonth.get(month);
    if (sameMonth) sameMonth.push(run);
    else byMonth.set(month, [run]);
  }
  return [...byMonth.keys()]
    .sort()
    .reverse()
    .map((month) => byMonth.get(month)!);
}
