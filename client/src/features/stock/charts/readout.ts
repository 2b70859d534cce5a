import { centsToDecimal, Dec, type KlinePeriod } from '@bourse/shared';
import { formatDate } from '../../../lib/date/formatDate.ts';
import type { ChartBar } from './liveBars.ts';

/** The figures of one bar under the finger (or the keyboard's cursor), as the readout shows them. */
export interface Readout {
  /** Market time of the bar's start, ms. */
  time: number;
  /** Prices as decimal strings; an intraday minute has only its price and the day's average. */
  open?: string;
  high?: string;
  low?: string;
  close: string;
  average?: string;
  /** Percent with two decimals ("1.23" is 1.23%), from the reference below. */
  changePct: string | null;
  /** Shares. */
  volume: number;
}

/** Change of `price` from `reference` in percent, two decimals, by decimal (a float would misround). */
function changePct(price: string | number, reference: string | number | undefined): string | null {
  if (reference === undefined || new Dec(reference).lte(0)) return null;
  return new Dec(price).minus(reference).div(reference).times(100).toFixed(2);
}

/**
 * A K-line bar's readout: its OHLC and volume, and its change from the previous bar's close (from
 * its own open for the oldest bar loaded), as broker apps quote a candle's 涨幅.
 */
export function klineReadout(bars: readonly ChartBar[], index: number): Readout | null {
  const bar = bars[index];
  if (!bar) return null;
  const [open, high, low] = [bar.open, bar.high, bar.low].map(centsToDecimal);
  return {
    time: bar.time,
    open,
    high,
    low,
    close: centsToDecimal(bar.close),
    changePct: changePct(bar.close, bars[index - 1]?.close ?? bar.open),
    volume: bar.volume,
  };
}

/** An intraday minute's readout: price and average at that minute, change from the previous close. */
export function intradayReadout(
  minute: { time: number; price: string; average: string; volume: number },
  prevClose: string,
): Readout {
  return {
    time: minute.time,
    close: minute.price,
    average: new Dec(minute.average).toFixed(2),
    changePct: changePct(minute.price, prevClose),
    volume: minute.volume,
  };
}

/** The readout's pattern per period, on the Beijing clock (formatDate, no Intl). */
const READOUT_PATTERNS = { intraday: 'HH:mm', minute: 'MM-DD HH:mm', day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/**
 * A bar's time the way the exchange's apps write it, on the Beijing clock: 10:31 for an intraday
 * minute, 11-27 10:30 for a minute K-line, 2026-11-23 for a day or week, 2026-11 for a month.
 */
export function readoutTime(time: number, period: KlinePeriod | 'intraday'): string {
  const pattern =
    period === 'intraday' || period === 'month'
      ? READOUT_PATTERNS[period]
      : period.endsWith('m')
        ? READOUT_PATTERNS.minute
        : READOUT_PATTERNS.day;
  return formatDate(new Date(time), pattern);
}
