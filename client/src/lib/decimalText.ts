/**
 * Figures written the reader's way from their exact decimal text, without Intl.NumberFormat: a
 * page's first Intl.NumberFormat costs 15–25 ms of ICU start-up in Chromium (55 ms under
 * Lighthouse's profiler), on the first render of every screen with a figure on it. The app speaks
 * seven languages and they write figures three ways; decimalText.test.ts holds each to Intl's
 * own output.
 */

/** How a language writes a figure. */
interface NumberStyle {
  group: string;
  decimal: string;
  /** Between a figure and its % sign. */
  percentGap: string;
  /** A whole part is grouped only from this many digits past the first group (Italian: 12.345 but 1234). */
  minimumGroupingDigits: number;
}

const LATIN: NumberStyle = { group: ',', decimal: '.', percentGap: '', minimumGroupingDigits: 1 };
const STYLES: Record<string, NumberStyle> = {
  // A narrow no-break space between groups and a no-break space before %, as CLDR writes French.
  fr: { group: '\u202f', decimal: ',', percentGap: '\u00a0', minimumGroupingDigits: 1 },
  it: { group: '.', decimal: ',', percentGap: '', minimumGroupingDigits: 2 },
};

/** The style of a locale's language; English, Chinese, Japanese, Korean and Thai write 1,234.5. */
export function numberStyleOf(locale: string): NumberStyle {
  return STYLES[locale.split('-')[0] ?? ''] ?? LATIN;
}

/** A figure rounded: its sign, whole digits and `places` fraction digits. */
interface Rounded {
  negative: boolean;
  whole: string;
  fraction: string;
  /** Nothing but zeros after rounding. */
  zero: boolean;
}

/** Adds one to a string of digits ('' counts as 0): '199' gives '200', '99' gives '100'. */
function plusOne(digits: string): string {
  let carry = true;
  let out = '';
  for (let i = digits.length - 1; i >= 0; i--) {
    const digit: number = Number(digits[i]) + (carry ? 1 : 0);
    carry = digit === 10;
    out = String(carry ? 0 : digit) + out;
  }
  return carry ? `1${out}` : out;
}

/**
 * `text` (a plain decimal with an optional exponent: "-1234.5E-2", "0.005") rounded half away
 * from zero to `places` decimals, digit by digit, so no float ever stands between the wire and
 * the screen.
 */
export function roundHalfUp(text: string, places: number): Rounded {
  const [mantissa = '', exponent = '0'] = text.toUpperCase().split('E');
  const negative = mantissa.startsWith('-');
  const unsigned = mantissa.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = unsigned.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const kept = point + places;
  digits = digits.padEnd(kept, '0');
  let rounded = digits.slice(0, kept);
  if ((digits[kept] ?? '0') >= '5') {
    const up = plusOne(rounded);
    if (up.length > rounded.length) point += 1;
    rounded = up;
  }
  const wholeDigits = rounded.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fractionDigits = rounded.slice(point);
  return { negative, whole: wholeDigits, fraction: fractionDigits, zero: !/[1-9]/.test(rounded) };
}

function grouped(whole: string, style: NumberStyle): string {
  if (whole.length < 4 + style.minimumGroupingDigits - 1) return whole;
  let out = '';
  for (let end = whole.length; end > 0; end -= 3) {
    const group = whole.slice(Math.max(0, end - 3), end);
    out = out ? `${group}${style.group}${out}` : group;
  }
  return out;
}

/** When a figure shows its sign, as Intl's signDisplay: 'negative' never shows "-0". */
export type SignDisplay = 'negative' | 'exceptZero' | 'auto';

export interface FigureOptions {
  /** Decimals, rounded half up; trailing zeros kept. */
  places: number;
  grouping?: boolean;
  sign?: SignDisplay;
  percent?: boolean;
}

/** `text` written in `locale`'s way (see roundHalfUp for the text). */
export function formatFigure(
  text: string,
  locale: string,
  { places, grouping = true, sign = 'negative', percent = false }: FigureOptions,
): string {
  const style = numberStyleOf(locale);
  const { negative, whole, fraction, zero } = roundHalfUp(text, places);
  const body = `${grouping ? grouped(whole, style) : whole}${fraction ? style.decimal + fraction : ''}`;
  const prefix =
    sign === 'auto' ? (negative ? '-' : '') : zero ? '' : negative ? '-' : sign === 'exceptZero' ? '+' : '';
  return `${prefix}${body}${percent ? `${style.percentGap}%` : ''}`;
}
