import { Dec } from '@bourse/shared';

export interface RevenueBar {
  date: string;
  /** Left edge and width in the chart's units; the bar's top and height, from the baseline up. */
  x: number;
  width: number;
  y: number;
  height: number;
}

/** A bar's share of its slot; the rest is the gap to the next day. */
const BAR_SHARE = 0.7;

/**
 * One bar per day across `width`, the day with the most revenue reaching `height` and the rest in
 * proportion, worked in decimal; a day without sales has a bar of height 0 (still a slot, so the
 * days keep their places). Numbers only at the end, for the SVG.
 */
export function revenueBars(
  days: readonly { date: string; revenue: string }[],
  width: number,
  height: number,
): RevenueBar[] {
  const top = Dec.max(0, ...days.map((d) => d.revenue));
  const slot = new Dec(width).div(Math.max(days.length, 1));
  const barWidth = slot.times(BAR_SHARE);
  return days.map((day, i) => {
    const h = top.isZero() ? new Dec(0) : new Dec(day.revenue).div(top).times(height);
    return {
      date: day.date,
      x: slot.times(i).plus(slot.minus(barWidth).div(2)).toDecimalPlaces(2).toNumber(),
      width: barWidth.toDecimalPlaces(2).toNumber(),
      y: new Dec(height).minus(h).toDecimalPlaces(2).toNumber(),
      height: h.toDecimalPlaces(2).toNumber(),
    };
  });
}
