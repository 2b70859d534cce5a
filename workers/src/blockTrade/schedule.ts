import { exchangeCalendar, type MarketStatus, shanghaiDate, shanghaiMinuteOfDay } from '@bourse/shared';

/** Block orders are taken until 15:30 (the after-hours session's end); the day settles after it. */
const SETTLES_FROM_MINUTE = 15 * 60 + 30;

/**
 * The trading days whose batch is due at the market's clock: the previous trading day always (a
 * close missed while the workers were down still settles), and today once 15:30 has passed.
 */
export function dueDays(status: MarketStatus | null, now = Date.now()): string[] {
  const time = status?.time ?? now;
  const today = status?.tradingDate ?? shanghaiDate(now);
  const minute = shanghaiDate(time) > today ? 24 * 60 : shanghaiMinuteOfDay(time);
  return [exchangeCalendar.previousTradingDay(today), ...(minute >= SETTLES_FROM_MINUTE ? [today] : [])];
}
