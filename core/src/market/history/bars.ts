/**
 * Bars of every K-line period from the stored ones: 5–60-minute bars from a day's 1-minute
 * slots, week and month bars from day bars. Pure; integer cents and shares until toWireBar.
 */
import {
  type Bar,
  centsToDecimal,
  type DayBar,
  type KlinePeriod,
  type MinuteBar,
  type MinuteSeries,
  shanghaiDayStart,
  slotStart,
} from '@bourse/shared';

export interface TimedBar extends MinuteBar {
  /** Start of the bar, ms since the epoch. */
  time: number;
}

export type MinutePeriod = Extract<KlinePeriod, '1m' | '5m' | '15m' | '30m' | '60m'>;

/** Slots per bar; each divides the 120 slots of a session, so no bar spans the lunch break. */
export const SLOTS_PER_BAR: Record<MinutePeriod, number> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '60m': 60,
};

/** How many trading days a week or month bar can hold: how far back a page must read. */
export const MAX_DAYS_PER_BAR = { day: 1, week: 5, month: 23 } as const;

export function isMinutePeriod(period: KlinePeriod): period is MinutePeriod {
  return period in SLOTS_PER_BAR;
}

function merge(bars: readonly MinuteBar[], time: number): TimedBar {
  const { open, high, low, close, volume, turnover } = bars[0]!;
  const out: TimedBar = { time, open, high, low, close, volume, turnover };
  for (let i = 1; i < bars.length; i++) {
    const b = bars[i]!;
    out.high = Math.max(out.high, b.high);
    out.low = Math.min(out.low, b.low);
    out.close = b.close;
    out.volume += b.volume;
    out.turnover += b.turnover;
  }
  return out;
}

/** A day's bars of a minute period; the last one may be forming (fewer slots so far). */
export function minutePeriodBars(
  tradingDate: string,
  series: MinuteSeries,
  period: MinutePeriod,
): TimedBar[] {
  const size = SLOTS_PER_BAR[period];
  const out: TimedBar[] = [];
  for (let slot = 0; slot < series.bars.length; slot += size) {
    out.push(merge(series.bars.slice(slot, slot + size), slotStart(tradingDate, slot)));
  }
  return out;
}

/** Monday of a date's week: week bars group by it. */
function weekOf(date: string): string {
  const day = Date.parse(`${date}T00:00:00Z`);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** Day, week or month bars from day bars (oldest first); a group's time is its first day's start. */
export function dayPeriodBars(days: readonly DayBar[], period: 'day' | 'week' | 'month'): TimedBar[] {
  const keyOf =
    period === 'week' ? weekOf : period === 'month' ? (d: string) => d.slice(0, 7) : (d: string) => d;
  const out: TimedBar[] = [];
  let group: DayBar[] = [];
  const flush = () => {
    if (group.length > 0) out.push(merge(group, shanghaiDayStart(group[0]!.tradingDate)));
    group = [];
  };
  for (const day of days) {
    if (group.length > 0 && keyOf(group[0]!.tradingDate) !== keyOf(day.tradingDate)) flush();
    group.push(day);
  }
  flush();
  return out;
}

export function toWireBar(bar: TimedBar): Bar {
  return {
    time: bar.time,
    open: centsToDecimal(bar.open),
    high: centsToDecimal(bar.high),
    low: centsToDecimal(bar.low),
    close: centsToDecimal(bar.close),
    volume: bar.volume,
    turnover: centsToDecimal(bar.turnover),
  };
}

/**
 * A volume-weighted average in cents, rounded half up: `weighted` / `volume`, where `weighted`
 * is a stock's turnover in cents (its average price) or an index's Σ points × volume, which
 * passes 2^53 on a busy day (hence a bigint). `fallback` before anything traded.
 */
export function averagePrice(weighted: bigint, volume: number, fallback: number): number {
  if (volume <= 0) return fallback;
  const shares = BigInt(volume);
  return Number((2n * weighted + shares) / (2n * shares));
}
