import { type MarketStatus, shanghaiDate } from '@bourse/shared';

/**
 * The cash fund's calendar day now. The fund earns every calendar day; it follows the market's
 * clock while that clock is a simulation (the demo's trading days pass in minutes), and the
 * wall clock in Asia/Shanghai otherwise.
 */
export function fundToday(status: MarketStatus | null, now = Date.now()): string {
  return status?.simulated ? status.tradingDate : shanghaiDate(now);
}
