import {
  type Bar,
  decimalToCents,
  type KlinePeriod,
  minuteSlotOf,
  shanghaiDate,
  shanghaiDayStart,
  shanghaiMinuteOfDay,
  slotStart,
} from '@bourse/shared';

/** A bar as the charts hold it: prices in integer cents, volume in shares, time = bar start (ms). */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const toChartBar = (bar: Bar): ChartBar => ({
  time: bar.time,
  open: decimalToCents(bar.open),
  high: decimalToCents(bar.high),
  low: decimalToCents(bar.low),
  close: decimalToCents(bar.close),
  volume: bar.volume,
});

/** One live observation: market time (from the latest trade), price in cents, the day's volume so far. */
export interface Tick {
  time: number;
  price: number;
  dayVolume: number;
}

const SLOTS_PER_BAR: Partial<Record<KlinePeriod, number>> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '60m': 60,
};

/** Monday of a YYYY-MM-DD date's week. */
function weekOf(date: string): string {
  const day = Date.parse(`${date}T00:00:00Z`);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Where a tick of `tradingDate` at market time `time` belongs, as the server cuts bars
 * (server/src/market/history/bars.ts): minute bars by session slots (no bar spans lunch), day
 * bars at the day's start, week and month bars by the calendar week or month of the day.
 */
export function bucketOf(period: KlinePeriod, tradingDate: string, time: number): string {
  const size = SLOTS_PER_BAR[period];
  if (size !== undefined) {
    const slot = minuteSlotOf(shanghaiMinuteOfDay(time));
    return String(slotStart(tradingDate, slot - (slot % size)));
  }
  if (period === 'week') return weekOf(tradingDate);
  if (period === 'month') return tradingDate.slice(0, 7);
  return tradingDate;
}

/** The bucket of a bar the server sent. */
function bucketOfBar(period: KlinePeriod, bar: ChartBar): string {
  if (SLOTS_PER_BAR[period] !== undefined) return String(bar.time);
  const date = shanghaiDate(bar.time);
  return period === 'week' ? weekOf(date) : period === 'month' ? date.slice(0, 7) : date;
}

/** The start time of a new bar opened by a tick. */
function startOf(period: KlinePeriod, tradingDate: string, time: number): number {
  return SLOTS_PER_BAR[period] !== undefined
    ? Number(bucketOf(period, tradingDate, time))
    : shanghaiDayStart(tradingDate);
}

/**
 * Turns live ticks into the forming bar of a period, so a chart moves with `series.update`
 * instead of reloading. Volume comes from the day's running total, so no tick is double
 * counted: a bar's volume is the total now minus the total when it began.
 */
export class LiveBarBuilder {
  private current: ChartBar | undefined;
  private currentBucket: string | undefined;
  /** The day's volume before the current bar began; null until the first tick anchors it. */
  private volumeBefore: number | null = null;
  private lastDayVolume: number | null = null;

  constructor(
    private readonly period: KlinePeriod,
    private readonly tradingDate: string,
    /** The newest bar loaded from history, if any. */
    last?: ChartBar,
    /** The day's volume up to the end of `last`, when known: a new minute bar counts from it. */
    dayVolumeBefore?: number,
  ) {
    this.lastDayVolume = dayVolumeBefore ?? null;
    if (last) {
      this.current = { ...last };
      this.currentBucket = bucketOfBar(period, last);
    }
  }

  /** The bar to draw after this tick, or null when the tick is older than the forming bar. */
  apply(tick: Tick): ChartBar | null {
    const bucket = bucketOf(this.period, this.tradingDate, tick.time);
    const current = this.current;
    if (current && bucket === this.currentBucket) {
      // The first tick on a bar from history: what the bar already holds came before it.
      this.volumeBefore ??= tick.dayVolume - current.volume;
      current.high = Math.max(current.high, tick.price);
      current.low = Math.min(current.low, tick.price);
      current.close = tick.price;
      current.volume = Math.max(0, tick.dayVolume - this.volumeBefore);
    } else {
      const start = startOf(this.period, this.tradingDate, tick.time);
      if (current && start < current.time) return null;
      // A day, week or month bar opened today holds all of today's volume; a minute bar what
      // traded since the previous tick (or nothing known yet).
      const isMinuteBar = SLOTS_PER_BAR[this.period] !== undefined;
      this.volumeBefore = isMinuteBar ? (this.lastDayVolume ?? tick.dayVolume) : 0;
      this.current = {
        time: start,
        open: tick.price,
        high: tick.price,
        low: tick.price,
        close: tick.price,
        volume: Math.max(0, tick.dayVolume - this.volumeBefore),
      };
      this.currentBucket = bucket;
    }
    this.lastDayVolume = tick.dayVolume;
    return { ...this.current! };
  }
}
