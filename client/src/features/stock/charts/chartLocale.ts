import {
  type LocalizationOptions,
  type PriceFormatCustom,
  type TickMarkFormatter,
  TickMarkType,
  type Time,
} from 'lightweight-charts';
import { utcClock } from '../../../lib/date/formatDate.ts';
import { formatCompact } from '../../../lib/format.ts';

/**
 * The instant a chart time stands for, read in UTC: chart times are the exchange's clock written
 * as UTC (toChartTime), so formatting them in UTC shows Beijing's time wherever the phone is.
 */
function instantOf(time: Time): number {
  if (typeof time === 'number') return time * 1000;
  if (typeof time === 'string') return Date.parse(time);
  return Date.UTC(time.year, time.month - 1, time.day);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** One Intl formatter per locale and shape, made once: the axis relabels on every pan. */
function dateFormat(locale: string, shape: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${shape}`;
  let format = dateFormats.get(key);
  if (!format) {
    // Gregorian years in every language, as the app's other dates (Thai would count Buddhist years).
    format = new Intl.DateTimeFormat(`${locale}-u-ca-gregory`, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

const HOUR_MINUTE = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** What a time-axis label shows at each kind of tick: a year, a month's name, a day, a time. */
const TICK_SHAPES: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
  [TickMarkType.Time]: HOUR_MINUTE,
  [TickMarkType.TimeWithSeconds]: { ...HOUR_MINUTE, second: '2-digit' },
};

/** The suffix a language writes after a day of the month ("28日"); the others write the number alone. */
const DAY_SUFFIXES: Record<string, string> = { zh: '日', ja: '日', ko: '일' };

/**
 * A time-axis label in the reader's language: "2026", "nov.", "28日", "14:35". Days and times are
 * written from the digits, as Intl writes them in every language of the app (chartLocale.test.ts
 * holds them to it): they are the intraday chart's first labels, and a page's first
 * Intl.DateTimeFormat costs 15–25 ms of ICU start-up inside the chart's first paint.
 */
export function tickMarkText(time: Time, type: TickMarkType, locale: string): string {
  const at = instantOf(time);
  const clock = utcClock(new Date(at));
  switch (type) {
    case TickMarkType.Time:
      return `${clock.HH}:${clock.mm}`;
    case TickMarkType.TimeWithSeconds:
      return `${clock.HH}:${clock.mm}:${clock.ss}`;
    case TickMarkType.DayOfMonth:
      return `${Number(clock.DD)}${DAY_SUFFIXES[locale.split('-')[0] ?? ''] ?? ''}`;
    default:
      return dateFormat(locale, `tick${type}`, TICK_SHAPES[type]).format(at);
  }
}

/** The crosshair's time label: the date and minute of a minute bar, the date of a day bar. */
export function crosshairTimeText(time: Time, minuteBars: boolean, locale: string): string {
  const shape: Intl.DateTimeFormatOptions = minuteBars
    ? { month: '2-digit', day: '2-digit', ...HOUR_MINUTE }
    : { year: 'numeric', month: '2-digit', day: '2-digit' };
  return dateFormat(locale, minuteBars ? 'minute' : 'day', shape).format(instantOf(time));
}

/**
 * The chart's dates and times in the reader's language instead of lightweight-charts' English
 * ("28 Nov '26"). Prices are formatted per series (PRICE_FORMAT), not here: a chart-wide
 * priceFormatter would write the volume pane's and the percentage axis's labels as prices too.
 */
export function chartLocalization(
  locale: string,
  minuteBars: boolean,
): { localization: Partial<LocalizationOptions<Time>>; timeScale: { tickMarkFormatter: TickMarkFormatter } } {
  return {
    localization: { locale, timeFormatter: (time: Time) => crosshairTimeText(time, minuteBars, locale) },
    timeScale: { tickMarkFormatter: (time: Time, type: TickMarkType) => tickMarkText(time, type, locale) },
  };
}

/** Volumes on the volume pane's axis, abbreviated the reader's way: "1.23万", "441.40M", "45,60K". */
export function volumeFormat(locale: string): PriceFormatCustom {
  return { type: 'custom', minMove: 1, formatter: (volume: number) => formatCompact(volume, locale) };
}
