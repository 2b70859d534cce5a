import { DomainError, type IpoStatus } from '@bourse/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { ipoAllotments, ipoDraws, ipoLotteryRanges, ipoSubscriptions, ipos } from './schema.ts';
import type { SubscriptionRows } from './views.ts';

export type IpoRow = typeof ipos.$inferSelect;
export type DrawRow = typeof ipoDraws.$inferSelect;

/** The issue of a code with its draw (null before it); 404 ipo.notFound. */
export async function issueByCode(db: Db, code: string): Promise<{ ipo: IpoRow; draw: DrawRow | null }> {
  const [row] = await db
    .select({ ipo: ipos, draw: ipoDraws })
    .from(ipos)
    .leftJoin(ipoDraws, eq(ipoDraws.ipoId, ipos.id))
    .where(eq(ipos.code, code));
  if (!row) throw new DomainError('ipo.notFound');
  return row;
}

/** The calendar holds a few issues a trading day; the demo clock makes dozens of days a real day. */
const CALENDAR_LIMIT = 100;

export function calendar(db: Db, status: IpoStatus | undefined) {
  return db
    .select({ ipo: ipos, draw: ipoDraws })
    .from(ipos)
    .leftJoin(ipoDraws, eq(ipoDraws.ipoId, ipos.id))
    .where(status ? eq(ipos.status, status) : undefined)
    .orderBy(desc(ipos.subscriptionDate), ipos.code)
    .limit(CALENDAR_LIMIT);
}

const subscriptionRows = (db: Db) =>
  db
    .select({ ipo: ipos, subscription: ipoSubscriptions, range: ipoLotteryRanges, allotment: ipoAllotments })
    .from(ipoSubscriptions)
    .innerJoin(ipos, eq(ipos.id, ipoSubscriptions.ipoId))
    .leftJoin(
      ipoLotteryRanges,
      and(
        eq(ipoLotteryRanges.ipoId, ipoSubscriptions.ipoId),
        eq(ipoLotteryRanges.subscriptionId, ipoSubscriptions.id),
      ),
    )
    .leftJoin(
      ipoAllotments,
      and(
        eq(ipoAllotments.ipoId, ipoSubscriptions.ipoId),
        eq(ipoAllotments.subscriptionId, ipoSubscriptions.id),
      ),
    );

export async function subscriptionOf(
  db: Db,
  userId: string,
  ipoId: number,
): Promise<SubscriptionRows | null> {
  const [row] = await subscriptionRows(db).where(
    and(eq(ipoSubscriptions.userId, userId), eq(ipoSubscriptions.ipoId, ipoId)),
  );
  return row ?? null;
}

export async function subscriptionsOf(
  db: Db,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: SubscriptionRows[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    subscriptionRows(db)
      .where(eq(ipoSubscriptions.userId, userId))
      .orderBy(desc(ipoSubscriptions.createdAt), desc(ipoSubscriptions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(ipoSubscriptions).where(eq(ipoSubscriptions.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
