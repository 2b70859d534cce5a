/**
 * How market figures read on screen. Prices, changes and amounts arrive as exact decimal
 * strings and reach the screen without a float. Prices and changes keep the wire's decimals and
 * take only the reader's decimal separator; amounts are grouped and abbreviated in the reader's
 * language (1.23亿, 123.46M). Colours are classes: CSS maps up/down to red/green or green/red
 * after the user's setting.
 */
import type { Dec } from '@bourse/shared';
import { currentLocale } from '../i18n/index.ts';
import { formatDate } from './date/formatDate.ts';
import { formatFigure, numberStyleOf, roundHalfUp } from './decimalText.ts';

export type Trend = 'up' | 'down' | 'flat';

export const DASH = '—';

/** The sign of a decimal string or number ("-0.00" is flat). */
export function trendOf(value: string | number | null | undefined): Trend {
  if (value === null || value === undefined) return 'flat';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

/** The colour class of a trend: price-up, price-down or price-flat. */
export const trendClass = (trend: Trend): string => `price-${trend}`;

/**
 * A price with the wire's decimals ("1.230" keeps three, as funds quote) and the reader's decimal
 * separator ("12,30" in French), ungrouped as broker apps show 1680.00; a dash when there is none
 * yet. A string edit, not a number format: it runs for every row on every tick, and stays exact.
 */
export function formatPrice(price: string | null | undefined, locale: string = currentLocale()): string {
  return formatDecimal(price, locale);
}

/** A figure as sent with the reader's decimal separator, such as a P/E or a volume ratio ("17,17"). */
export function formatDecimal(value: string | null | undefined, locale: string = currentLocale()): string {
  if (value === null || value === undefined) return DASH;
  const separator = numberStyleOf(locale).decimal;
  return separator === '.' ? value : value.replace('.', separator);
}

function signed(value: string): string {
  const trend = trendOf(value);
  const bare = value.startsWith('-') || value.startsWith('+') ? value.slice(1) : value;
  return trend === 'up' ? `+${bare}` : trend === 'down' ? `-${bare}` : bare;
}

/** A change with its sign, written as a price: "+0.12", "-0.05", "0.00"; "+0,12" in French. */
export function formatChange(change: string | null | undefined, locale: string = currentLocale()): string {
  return change === null || change === undefined ? DASH : formatPrice(signed(change), locale);
}

/** Decimals a decimal string is written with ("1.230" has three). */
const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

/**
 * A percent string ("1.23" means 1.23%) with its sign, in the reader's way: "+1.23%" in English,
 * "+1,23 %" in French. Beside a change, pass the change's trend: a rise too small to show in two
 * decimals still reads "+0.00%", as its colour says.
 */
export function formatPct(
  pct: string | null | undefined,
  trend?: Trend,
  locale: string = currentLocale(),
): string {
  if (pct === null || pct === undefined || !Number.isFinite(Number(pct))) return DASH;
  const text = formatFigure(pct, locale, { places: decimalsOf(pct), sign: 'exceptZero', percent: true });
  if (trend === undefined || trendOf(pct) !== 'flat') return text;
  return trend === 'up' ? `+${text}` : trend === 'down' ? `-${text}` : text;
}

/**
 * A percentage with no direction, such as a turnover rate or a win rate, in the reader's way:
 * "0.65%", "0,65 %" in French; the wire's decimals, exact.
 */
export function formatRate(rate: string | null | undefined, locale: string = currentLocale()): string {
  if (rate === null || rate === undefined || !Number.isFinite(Number(rate))) return DASH;
  return formatFigure(rate, locale, { places: decimalsOf(rate), sign: 'auto', percent: true });
}

/** A figure in plain or exponent notation ("1234.5", "-0.4", "1e+21"), as a decimal string or a number writes itself. */
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The exact text of a figure as mantissa and exponent ("1234.5E0"), which formatFigure rounds
 * half up (half away from zero, as decimal.js's ROUND_HALF_UP) digit by digit; undefined for
 * anything that is not a finite figure. Kept free of decimal.js so the screens that only show
 * figures load without it.
 */
function exactText(value: string | number | Dec): string | undefined {
  const text = String(value).trim();
  const match = NUMERIC_TEXT.exec(text);
  if (!match) return undefined;
  const mantissa = match[2] ? text.slice(0, -match[2].length) : text;
  return `${mantissa}E${Number(match[2]?.slice(1) ?? 0)}`;
}

/** An exact text divided by 10^`power`: its exponent moves, its digits stay. */
function dividedByTenTo(exact: string, power: number): string {
  const at = exact.lastIndexOf('E');
  return `${exact.slice(0, at)}E${Number(exact.slice(at + 1)) - power}`;
}

/** A figure's absolute value rounded half up to `places`, as a number: only compared, never shown. */
function roundedSize(text: string, places: number): number {
  const { whole, fraction } = roundHalfUp(text, places);
  return Number(`${whole}.${fraction}`);
}

/**
 * An amount with the reader's separators ("1,234.56"; "1 234,56" in French), rounded half up to
 * `places`, exactly. A figure that rounds to nothing reads 0, never "-0.00".
 */
export function formatMoney(
  value: string | number | Dec,
  places = 2,
  locale: string = currentLocale(),
): string {
  const exact = exactText(value);
  if (exact === undefined) return DASH;
  return formatFigure(exact, locale, { places });
}

/** Abbreviation units, largest first: Chinese and Japanese count in 万 (10^4) and 亿/億 (10^8). */
const CHINESE_UNITS = [
  { size: 100_000_000, power: 8, suffix: '亿' },
  { size: 10_000, power: 4, suffix: '万' },
];
const JAPANESE_UNITS = [
  { size: 100_000_000, power: 8, suffix: '億' },
  { size: 10_000, power: 4, suffix: '万' },
];
const WESTERN_UNITS = [
  { size: 1_000_000_000, power: 9, suffix: 'B' },
  { size: 1_000_000, power: 6, suffix: 'M' },
  { size: 1_000, power: 3, suffix: 'K' },
];

function unitsOf(locale: string) {
  if (locale.startsWith('zh')) return CHINESE_UNITS;
  if (locale.startsWith('ja')) return JAPANESE_UNITS;
  return WESTERN_UNITS;
}

/**
 * An amount or a count, abbreviated the reader's way with two decimals always, so a column
 * lines up (1.23亿 and 4.50万 in Chinese, 441.40M beside 736.58M elsewhere); below the first
 * unit a whole number ("-0.4" reads 0). Rounded half up on the exact decimal, never through a
 * float's binary error.
 */
export function formatCompact(value: string | number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return DASH;
  const exact = exactText(value);
  if (exact === undefined) return DASH;
  // Chosen after rounding: 99,999,999 reads 1.00亿, not 10000.00万; 999.6 reads 1.00K, 999 stays.
  const units = unitsOf(locale);
  const smallest = units[units.length - 1];
  const unit = units.find((u) =>
    u === smallest ? roundedSize(exact, 0) >= u.size : roundedSize(dividedByTenTo(exact, u.power), 2) >= 1,
  );
  if (!unit) return formatFigure(exact, locale, { places: 0 });
  // Only the separators are the locale's.
  return `${formatFigure(dividedByTenTo(exact, unit.power), locale, { places: 2 })}${unit.suffix}`;
}

/** Shares as lots of 100 (手), abbreviated: the unit screens quote volumes in. */
export function formatLots(shares: number | null | undefined, locale: string): string {
  return shares === null || shares === undefined ? DASH : formatCompact(Math.floor(shares / 100), locale);
}

/** Market time of day (Beijing), HH:mm:ss. */
export function formatMarketTime(ms: number): string {
  return formatDate(new Date(ms), 'HH:mm:ss');
}
