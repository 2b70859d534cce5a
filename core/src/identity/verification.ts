import {
  type AuthenticationDetail,
  ageOn,
  DomainError,
  maskResidentId,
  NOT_VERIFIED,
  REAL_NAME_MIN_AGE,
  type RealNameSubmission,
  shanghaiDate,
} from '@bourse/shared';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { notify, type SentMessage } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import type { SniffedType } from '../platform/fileType.ts';
import { realNamePhotos, realNameVerifications } from './schema.ts';

type VerificationRow = typeof realNameVerifications.$inferSelect;

const OPEN_STATUSES = ['pending', 'passed'] as const;

/** Throws 403 identity.notVerified unless the user's real-name verification has passed. */
export async function requireVerifiedUser(db: Db, userId: string): Promise<void> {
  if ((await verifiedRealName(db, userId)) === null) throw new DomainError('identity.notVerified');
}

/** The name the user's passed verification carries (bank cards must be in it), or null. */
export async function verifiedRealName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ realName: realNameVerifications.realName })
    .from(realNameVerifications)
    .where(and(eq(realNameVerifications.userId, userId), eq(realNameVerifications.status, 'passed')))
    .limit(1);
  return row?.realName ?? null;
}

export function detailOf(row: VerificationRow | undefined): AuthenticationDetail {
  if (!row) return NOT_VERIFIED;
  return {
    status: row.status,
    realName: row.realName,
    idNumberMasked: row.idNumberMasked,
    refusalReason: row.refusalReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The user's latest request, as GET /api/user/authenticationDetail shows it. */
export async function authenticationDetailOf(db: Db, userId: string): Promise<AuthenticationDetail> {
  const [latest] = await db
    .select()
    .from(realNameVerifications)
    .where(eq(realNameVerifications.userId, userId))
    .orderBy(desc(realNameVerifications.submittedAt))
    .limit(1);
  return detailOf(latest);
}

export interface Photo {
  mimeType: SniffedType;
  buffer: Buffer;
}

/**
 * Files a verification request: pending for back office, or passed at once when `autoApprove`
 * (demo mode), with its verificationResult message in the same transaction. Refused while the
 * user has a request pending or passed, or another user holds this ID number.
 */
export async function submitRealName(
  db: Db,
  userId: string,
  submission: RealNameSubmission,
  options: { photo?: Photo; autoApprove: boolean; now?: Date },
): Promise<{ detail: AuthenticationDetail; sent: SentMessage | null }> {
  const now = options.now ?? new Date();
  // The shared schema has checked the number, so its digits 7–14 are a real date of birth.
  const birth = submission.idNumber.slice(6, 14);
  const birthDate = `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6)}`;
  if (ageOn(birthDate, shanghaiDate(now)) < REAL_NAME_MIN_AGE) throw new DomainError('identity.underAge');

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(realNameVerifications)
      .values({
        userId,
        status: options.autoApprove ? 'passed' : 'pending',
        realName: submission.realName,
        idNumber: submission.idNumber,
        idNumberMasked: maskResidentId(submission.idNumber),
        submittedAt: now,
        reviewedAt: options.autoApprove ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw await whyRefused(tx, userId, submission.idNumber);
    if (options.photo) {
      await tx
        .insert(realNamePhotos)
        .values({ verificationId: row.id, mimeType: options.photo.mimeType, content: options.photo.buffer });
    }
    const sent = options.autoApprove
      ? await notify(tx, { userId, kind: 'verificationResult', params: { status: 'passed' } })
      : null;
    return { detail: detailOf(row), sent };
  });
}

/** The open request that stood in the way of a new one: the user's own, or another user's with the number. */
async function whyRefused(db: Db, userId: string, idNumber: string): Promise<DomainError> {
  const open = await db
    .select({ userId: realNameVerifications.userId, status: realNameVerifications.status })
    .from(realNameVerifications)
    .where(
      and(
        inArray(realNameVerifications.status, [...OPEN_STATUSES]),
        or(eq(realNameVerifications.userId, userId), eq(realNameVerifications.idNumber, idNumber)),
      ),
    );
  const own = open.find((r) => r.userId === userId);
  if (own) return new DomainError(own.status === 'passed' ? 'identity.alreadyVerified' : 'identity.pending');
  return new DomainError('identity.idNumberTaken');
}
