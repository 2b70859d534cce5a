/**
 * Wire formatting from integers. The simulator keeps prices in integer ticks and amounts in
 * integer cents, so a decimal string is built from digits and never from a float's rounding.
 */

/** An integer count of 10^-places units as a plain decimal string: (1230, 2) → "12.30". */
export function scaledToString(units: number, places: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a safe integer: ${units}`);
  const negative = units < 0;
  if (places === 2) {
    // Prices and cash, the hot path of publishing: no padding or slicing.
    const abs = negative ? -units : units;
    const cents = abs % 100;
    return `${negative ? '-' : ''}${(abs - cents) / 100}${cents < 10 ? '.0' : '.'}${cents}`;
  }
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  const cut = digits.length - places;
  const text = places === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative ? `-${text}` : text;
}

/** Integer division rounded half away from zero, exact for safe integers. */
export function divRound(numerator: number, denominator: number): number {
  const q = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -q : q;
}

/** numerator / denominator as a percentage with two decimals: (123, 10000) → "1.23". */
export function percentString(numerator: number, denominator: number): string {
  if (denominator <= 0) return '0.00';
  return scaledToString(divRound(numerator * 10_000, denominator), 2);
}
