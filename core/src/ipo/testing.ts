/** Test helpers for new-share issues: what would otherwise take weeks of simulated trading. */
import { exchangeCalendar, ipoHoldingWindow, ipoSchedule } from '@bourse/shared';
// Through the schema index: a feature schema imported first meets the ledger columns half-loaded.
import { holdingSnapshots } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';

// The exchange calendar for tests outside the workspace packages (the browser e2e).
export { exchangeCalendar } from '@bourse/shared';

/**
 * Gives a user `marketValue` CNY of holdings on `exchange` on every trading day of the quota
 * window of an issue subscribed on `subscriptionDate`, as the daily snapshots would have.
 */
export async function giveHoldingHistory(
  db: Db,
  args: { userId: string; exchange: 'SSE' | 'SZSE'; subscriptionDate: string; marketValue: string },
): Promise<void> {
  const window = ipoHoldingWindow(args.subscriptionDate);
  const rows = [];
  for (let day = window.from; day <= window.to; day = exchangeCalendar.nextTradingDay(day)) {
    rows.push({
      userId: args.userId,
      exchange: args.exchange,
      tradingDate: day,
      marketValue: args.marketValue,
    });
  }
  await db.insert(holdingSnapshots).values(rows);
}

/** The earliest listing date an issue subscribed on `subscriptionDate` may have: the trading day after payment. */
export function earliestListingDate(subscriptionDate: string): string {
  return exchangeCalendar.nextTradingDay(ipoSchedule(subscriptionDate).payment);
}
