import { SHANGHAI_OFFSET_MS } from '@bourse/shared';
/**
 * Dates are shown in market time, Asia/Shanghai, whatever the device's zone: every A-share
 * session, order and fill happens on Beijing time, so a trader abroad reads the same clock as
 * the exchange. Weekday names follow the user's language.
 */
export const MARKET_TIME_ZONE = 'Asia/Shanghai';
export const DEFAULT_DATE_PATTERN = 'YYYY-MM-DD HH:mm:ss';

export type DateInput = Date | number | string | null | undefined;

/** A 10-digit number (or numeric string) is seconds since the epoch; a 13-digit one is ms. */
export function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(toEpochMs(value));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function toEpochMs(value: number | string): number | string {
  const numeric = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : undefined;
  if (numeric === undefined) return value;
  return String(Math.trunc(Math.abs(numeric))).length <= 10 ? numeric * 1000 : numeric;
}

/** A clock's fields as the pattern tokens write them, zero-padded. */
export type ClockDigits = Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss', string>;

/** The digits of a date's UTC fields (charts write the exchange's clock as UTC). */
export function utcClock(date: Date): ClockDigits {
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    YYYY: String(date.getUTCFullYear()).padStart(4, '0'),
    MM: two(date.getUTCMonth() + 1),
    DD: two(date.getUTCDate()),
    HH: two(date.getUTCHours()),
    mm: two(date.getUTCMinutes()),
    ss: two(date.getUTCSeconds()),
  };
}

/**
 * The pattern tokens' digits in market time, by its fixed offset rather than Intl: a phone's first
 * Intl.DateTimeFormat costs 15–25 ms of ICU start-up (measured in Chromium), on the critical path
 * of every screen that shows a time.
 */
const marketClock = (date: Date): ClockDigits => utcClock(new Date(date.getTime() + SHANGHAI_OFFSET_MS));

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
function weekdayName(date: Date, locale: string, width: 'long' | 'short'): string {
  const key = `${locale}|${width}`;
  let formatter = weekdayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: MARKET_TIME_ZONE, weekday: width });
    weekdayFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

const TOKENS = /YYYY|MM|DD|HH|mm|ss|dddd|ddd/g;

/**
 * Formats a date in market time. Pattern tokens: YYYY MM DD HH mm ss, dddd (weekday, long) and
 * ddd (weekday, short). An empty or invalid input gives ''.
 */
export function formatDate(value: DateInput, pattern = DEFAULT_DATE_PATTERN, locale = 'zh-CN'): string {
  const date = toDate(value);
  if (!date) return '';
  const clock = marketClock(date);
  const field = (token: string): string => {
    switch (token) {
      case 'dddd':
        return weekdayName(date, locale, 'long');
      case 'ddd':
        return weekdayName(date, locale, 'short');
      default:
        return clock[token as keyof ClockDigits] ?? token;
    }
  };
  return pattern.replace(TOKENS, field);
}

const WORD_JOINER = '\u2060';

/**
 * A date ("2026-10-30") that a line never breaks inside: browsers may break after its hyphens,
 * which left "2026-" on one line and "11-26" on the next. Word joiners are invisible.
 */
export function unbrokenDate(date: string): string {
  return date.replaceAll('-', `${WORD_JOINER}-${WORD_JOINER}`);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day ("2026-11-07", as a date input holds it) the way the user's language writes it:
 * 2026/11/07 in Chinese and Japanese, 2026. 11. 07. in Korean, 07/11/2026 in Thai (Gregorian
 * years, as the rest of the app), French and Italian. English keeps the app's own 2026-11-07,
 * which every list prints, rather than the US month first. '' for anything else.
 */
export function formatDay(day: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  if (locale === 'en') return day;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(`${locale}-u-ca-gregory`, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}
