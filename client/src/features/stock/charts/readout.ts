import { centsToDecimal, Dec, type KlinePeriod } from '@bourse/shared';
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

const SHANGHAI = 'Asia/Shanghai';
const readoutTimeFormats = {
  minute: new Intl.DateTimeFormat('en-CA', {
    timeZone: SHANGHAI,
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  day: new Intl.DateTimeFormat('en-CA', {
    timeZone: SHANGHAI,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }),
  month: new Intl.DateTimeFormat('en-CA', { timeZone: SHANGHAI, year: 'numeric', month: '2-digit' }),
  time: new Intl.DateTimeFormat('en-GB', {
    timeZone: SHANGHAI,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
};

/**
 * A bar's time the way the exchange's apps write it, on the Beijing clock: 10:31 for an intraday
 * minute, 11-27 10:30 for a minute K-line, 2026-11-23 for a day or week, 2026-11 for a month.
 */
export function readoutTime(time: number, period: KlinePeriod | 'intraday'): string {
  if (period === 'intraday') return readoutTimeFormats.time.format(time);
  if (period.endsWith('m')) {
    const parts = Object.fromEntries(
      readoutTimeFormats.minute.formatToParts(time).map((p) => [p.type, p.value]),
    );
    return `${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  }
  return (period === 'month' ? readoutTimeFormats.month : readoutTimeFormats.day).format(time);
}
