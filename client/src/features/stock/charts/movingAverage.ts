/**
 * Simple moving averages of closes. Closes are integer cents (exact), so each window's sum is
 * exact; the one division gives the average in cents, turned into yuan only to be drawn.
 */
export const MA_WINDOWS = [5, 10, 20] as const;

/** The average of each window of `window` closes ending at each index; null until it fills. */
export function movingAverage(closes: readonly number[], window: number): (number | null)[] {
  if (!Number.isInteger(window) || window < 1) throw new RangeError(`bad window ${window}`);
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i]!;
    if (i >= window) sum -= closes[i - window]!;
    out.push(i >= window - 1 ? sum / window : null);
  }
  return out;
}

/** The average of the last `window` closes, or null when there are fewer (a live tick's MA). */
export function lastAverage(closes: readonly number[], window: number): number | null {
  if (closes.length < window) return null;
  let sum = 0;
  for (let i = closes.length - window; i < closes.length; i++) sum += closes[i]!;
  return sum / window;
}
