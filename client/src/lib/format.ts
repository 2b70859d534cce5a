/**
 * How market figures read on screen. Prices, changes and amounts arrive as exact decimal
 * strings; they are shown as they are, and only amounts are turned into numbers, to be
 * abbreviated in the reader's language (1.23亿, 123.46M). Colours are classes: CSS maps
 * up/down to red/green or green/red after the user's setting.
 */
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

/** A price as sent ("12.30"), or a dash when there is none yet. */
export function formatPrice(price: string | null | undefined): string {
  return price ?? DASH;
}

function signed(value: string): string {
  const trend = trendOf(value);
  const bare = value.startsWith('-') || value.startsWith('+') ? value.slice(1) : value;
  return trend === 'up' ? `+${bare}` : trend === 'down' ? `-${bare}` : bare;
}

/** A change with its sign: "+0.12", "-0.05", "0.00". */
export function formatChange(change: string | null | undefined): string {
  return change === null || change === undefined ? DASH : signed(change);
}

/** A percent string ("1.23" means 1.23%) with its sign: "+1.23%". */
export function formatPct(pct: string | null | undefined): string {
  return pct === null || pct === undefined ? DASH : `${signed(pct)}%`;
}

const compactFormats = new Map<string, Intl.NumberFormat>();
function compactFormat(locale: string): Intl.NumberFormat {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    compactFormats.set(locale, format);
  }
  return format;
}

/** An amount or a count, abbreviated the reader's way: 1.23亿 in Chinese, 123.46M in English. */
export function formatCompact(value: string | number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return DASH;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? compactFormat(locale).format(n) : DASH;
}

/** Shares as lots of 100 (手), abbreviated: the unit screens quote volumes in. */
export function formatLots(shares: number | null | undefined, locale: string): string {
  return shares === null || shares === undefined ? DASH : formatCompact(Math.floor(shares / 100), locale);
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Market time of day (Beijing), HH:mm:ss. */
export function formatMarketTime(ms: number): string {
  return timeFormat.format(ms);
}
