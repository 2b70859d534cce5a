/**
 * How the charts size their axes: the pure arithmetic behind the intraday chart's price and
 * volume scales and the K-line's bar spacing, apart from lightweight-charts so it can be tested.
 */

export interface PriceRange {
  minValue: number;
  maxValue: number;
}

/** Below this reach (a share of the previous close) a quiet day would fill the chart with noise. */
export const MIN_REACH_SHARE = 0.01;

/**
 * The intraday price range, symmetric about the previous close as Chinese broker apps draw it:
 * it reaches max(|high − prevClose|, |low − prevClose|) both ways, so the previous close sits in
 * the middle and the same distance up and down reads the same percentage.
 */
export function symmetricPriceRange(prevClose: number, low: number, high: number): PriceRange {
  const reach = Math.max(Math.abs(high - prevClose), Math.abs(prevClose - low), prevClose * MIN_REACH_SHARE);
  return { minValue: prevClose - reach, maxValue: prevClose + reach };
}

/** The same range as percentages of the previous close, for the right-hand axis. */
export function percentRange(prevClose: number, range: PriceRange): PriceRange {
  const pct = (price: number) => (prevClose > 0 ? ((price - prevClose) / prevClose) * 100 : 0);
  return { minValue: pct(range.minValue), maxValue: pct(range.maxValue) };
}

/**
 * The top of the intraday volume scale: the largest minute leaving out the auction slots (the
 * 09:25 opening print lands in the 09:30 bar and can be a hundred minutes' volume; scaled to it,
 * every other bar is a flat line). The auction bar is clipped at the top instead. Only auction
 * bars so far: they set the scale.
 */
export function volumeCeiling(
  volumes: ReadonlyMap<number, number>,
  auctionSlots: ReadonlySet<number>,
): number {
  let continuous = 0;
  let all = 0;
  for (const [slot, volume] of volumes) {
    all = Math.max(all, volume);
    if (!auctionSlots.has(slot)) continuous = Math.max(continuous, volume);
  }
  return continuous > 0 ? continuous : all;
}

/** lightweight-charts' default bar spacing, in CSS pixels. */
export const DEFAULT_BAR_SPACING = 6;
/** Wider than this, a candle is a block: a stock with a few months of history keeps thin candles. */
export const MAX_BAR_SPACING = 40;

/**
 * The bar spacing that shows a K-line: the default when the bars overflow the chart (the newest
 * show, older ones a pan away), else wide enough that the bars fill it (a week or month chart
 * of a young history), up to MAX_BAR_SPACING. `slots` counts the bars plus the right offset.
 */
export function klineBarSpacing(slots: number, width: number): number {
  if (slots <= 0 || width <= 0) return DEFAULT_BAR_SPACING;
  const fill = width / slots;
  return fill <= DEFAULT_BAR_SPACING ? DEFAULT_BAR_SPACING : Math.min(fill, MAX_BAR_SPACING);
}
