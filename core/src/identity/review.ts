import {
  DomainError,
  type RealNameReview,
  type RealNameReviewItem,
  type RealNameStatus,
} from '@bourse/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { notify, type SentMessage } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import { realNamePhotos, realNameVerifications } from './schema.ts';

const v = realNameVerifications;

/** The columns back office sees, with the account and whether a photo came along. */
const reviewColumns = {
  id: v.id,
  userId: v.userId,
  account: users.account,
  realName: v.realName,
  idNumber: v.idNumber,
  status: v.status,
  refusalReason: v.refusalReason,
  hasPhoto: sql<boolean>`exists (select 1 from ${realNamePhotos} where ${realNamePhotos.verificationId} = ${v.id})`,
  submittedAt: v.submittedAt,
  reviewedAt: v.reviewedAt,
};

const selectReview = (db: Db) =>
  db.select(reviewColumns).from(v).innerJoin(users, eq(users.id, v.userId)).$dynamic();
type ReviewRow = Awaited<ReturnType<typeof selectReview>>[number];

function reviewItem(row: ReviewRow): RealNameReviewItem {
  return {
    ...row,
    hasPhoto: Boolean(row.hasPhoto),
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

async function reviewItemById(db: Db, id: string): Promise<RealNameReviewItem | undefined> {
  const [row] = await selectReview(db).where(eq(v.id, id));
  return row ? reviewItem(row) : undefined;
}

/** Requests of one status, oldest first: the order back office works through them. */
export async function reviewQueue(
  db: Db,
  status: RealNameStatus,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ items: RealNameReviewItem[]; page: number; pageSize: number; total: number }> {
  const [rows, [total]] = await Promise.all([
    selectReview(db)
      .where(eq(v.status, status))
      .orderBy(asc(v.submittedAt), asc(v.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(v).where(eq(v.status, status)),
  ]);
  return { items: rows.map(reviewItem), page, pageSize, total: total?.n ?? 0 };
}

export async function reviewPhoto(
  db: Db,
  verificationId: string,
): Promise<{ mimeType: string; content: Buffer } | undefined> {
  const [photo] = await db
    .select({ mimeType: realNamePhotos.mimeType, content: realNamePhotos.content })
    .from(realNamePhotos)
    .where(eq(realNamePhotos.verificationId, verificationId));
  return photo;
}

/**
 * Decides a pending request and tells its user in the same transaction. Only a pending request
 * can be decided, so two reviewers cannot both decide one.
 */
export async function reviewRealName(
  db: Db,
  reviewerId: string,
  decision: RealNameReview,
): Promise<{ item: RealNameReviewItem; sent: SentMessage }> {
  const { id } = decision;
  return db.transaction(async (tx) => {
    const reason = decision.decision === 'refuse' ? decision.reason : null;
    const [decided] = await tx
      .update(v)
      .set({
        status: decision.decision === 'pass' ? 'passed' : 'refused',
        refusalReason: reason,
        reviewedBy: reviewerId,
        reviewedAt: new Date(),
      })
      .where(and(eq(v.id, id), eq(v.status, 'pending')))
      .returning({ userId: v.userId, status: v.status });
    if (!decided) {
      const [existing] = await tx.select({ id: v.id }).from(v).where(eq(v.id, id));
      throw new DomainError(existing ? 'identity.notPending' : 'identity.requestNotFound');
    }
    const status = decided.status === 'passed' ? 'passed' : 'refused';
    const sent = await notify(tx, {
      userId: decided.userId,
      kind: 'verificationResult',
      params: reason ? { status, reason } : { status },
    });
    const item = await reviewItemById(tx, id);
    if (!item) throw new Error(`verification ${id} vanished while reviewed`);
    return { item, sent };
  });
}
