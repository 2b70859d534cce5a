import {
  Dec,
  type IpoQuota,
  ipoBarredThrough,
  ipoHoldingWindow,
  ipoMaxShares,
  ipoQuotaUnits,
  ipoRulesAt,
  toMoneyString,
} from '@bourse/shared';
import { and, between, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { holdingSnapshots, ipoAllotments, ipos } from './schema.ts';

type QuotaIssue = Pick<typeof ipos.$inferSelect, 'exchange' | 'subscriptionDate' | 'onlineShares'>;

/**
 * Average daily holdings on one exchange over the 20 trading days ending T−2, from the daily
 * snapshots; a day without a snapshot (nothing held) counts as zero. Rounded down to the cent.
 */
export async function averageHoldingValue(
  db: Db,
  userId: string,
  issue: Pick<QuotaIssue, 'exchange' | 'subscriptionDate'>,
): Promise<{ value: Dec; window: { from: string; to: string } }> {
  const window = ipoHoldingWindow(issue.subscriptionDate);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${holdingSnapshots.marketValue}), 0)` })
    .from(holdingSnapshots)
    .where(
      and(
        eq(holdingSnapshots.userId, userId),
        eq(holdingSnapshots.exchange, issue.exchange),
        between(holdingSnapshots.tradingDate, window.from, window.to),
      ),
    );
  const days = ipoRulesAt(issue.subscriptionDate).holdingDays;
  return { value: new Dec(row?.total ?? 0).div(days).toDecimalPlaces(2, Dec.ROUND_DOWN), window };
}

/** The last day the user is barred from subscribing on `today`, or null: three abandons in 12 months. */
export async function barredUntil(db: Db, userId: string, today: string): Promise<string | null> {
  const abandoned = await db
    .select({ paymentDate: ipos.paymentDate })
    .from(ipoAllotments)
    .innerJoin(ipos, eq(ipos.id, ipoAllotments.ipoId))
    .where(
      and(
        eq(ipoAllotments.userId, userId),
        isNotNull(ipoAllotments.paidUnits),
        lt(ipoAllotments.paidUnits, ipoAllotments.wonUnits),
      ),
    );
  const through = ipoBarredThrough(
    abandoned.map((a) => a.paymentDate),
    today,
  );
  return through !== undefined && through >= today ? through : null;
}

export async function ipoQuota(db: Db, userId: string, issue: QuotaIssue, today: string): Promise<IpoQuota> {
  const [{ value, window }, barred] = await Promise.all([
    averageHoldingValue(db, userId, issue),
    barredUntil(db, userId, today),
  ]);
  const args = { averageHoldingValue: value, exchange: issue.exchange, tradingDate: issue.subscriptionDate };
  return {
    exchange: issue.exchange,
    averageHoldingValue: toMoneyString(value),
    window,
    quotaShares: ipoQuotaUnits(args) * ipoRulesAt(issue.subscriptionDate).unitShares,
    maxShares: barred ? 0 : ipoMaxShares({ ...args, onlineTrancheShares: issue.onlineShares }),
    barredUntil: barred,
  };
}
