import type { MinuteBar } from '@bourse/shared';

/** A bar in cents and shares, fields in chart order. */
export const bar = (
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  turnover: number,
): MinuteBar => ({ open, high, low, close, volume, turnover });
