import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DomainError, RESET_CODE_LENGTH, RESET_CODE_TTL_MINUTES } from '@bourse/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Mailer } from '../../mail/mailer.ts';
import { type AttemptBudget, AttemptLimit } from '../../platform/attemptLimit.ts';
import type { Db } from '../../platform/database.ts';
import { logger } from '../../platform/logger.ts';
import type { UserSockets } from '../../user-channel/endSockets.ts';
import { lockoutMinutes } from '../loginAttempts.ts';
import { hashPassword } from '../passwords.ts';
import { users } from '../schema.ts';
import type { SessionCache } from '../sessionCache.ts';
import { revokeAllSessions } from '../sessions.ts';
import { resetMail } from './resetMail.ts';
import { passwordResetCodes } from './schema.ts';

const WINDOW_MS = RESET_CODE_TTL_MINUTES * 60_000;

/**
 * Asking for codes (docs/adr/0011): three mails per account and ten per address per window, so
 * nobody can flood an inbox or the outbox. Counted for unknown accounts too, which answer alike.
 */
export const RESET_REQUEST_BUDGETS: readonly AttemptBudget[] = [
  { name: 'account', attempts: 3, windowMs: WINDOW_MS },
  { name: 'ip', attempts: 10, windowMs: WINDOW_MS },
];

/**
 * Guessing a code: five tries per account per window, after which the code is ended, and twenty
 * per address on any accounts. A million codes against five guesses: one chance in 200,000.
 */
export const RESET_CODE_BUDGETS: readonly AttemptBudget[] = [
  { name: 'account', attempts: 5, windowMs: WINDOW_MS, onSuccess: 'clear' },
  { name: 'ip', attempts: 20, windowMs: WINDOW_MS, onSuccess: 'refund' },
];

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer;
  requests: AttemptLimit;
  attempts: AttemptLimit;
  userSockets: UserSockets;
  /** Where the ended sessions' tombstones go, so no replica's cache still trusts them. */
  sessionCache: SessionCache;
  now?: () => Date;
}

export function resetLimits(redis: Redis, prefix: string) {
  return {
    requests: new AttemptLimit(redis, prefix, 'reset-request', RESET_REQUEST_BUDGETS),
    attempts: new AttemptLimit(redis, prefix, 'reset-code', RESET_CODE_BUDGETS),
  };
}

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** Bound to its user, so a code hash copied to another account's row verifies nothing. */
const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest();

async function userOf(db: Db, account: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(users)
    .where(eq(sql`lower(${users.account})`, account.toLowerCase()));
  return user;
}

const tooMany = (retryInMs: number) =>
  new DomainError('auth.tooManyAttempts', { minutes: lockoutMinutes(retryInMs) });

/**
 * Mails a new code to the account's address, ending any earlier one. Answers the same whether
 * the account exists or not, and whether the mail left or not (a failure is logged), so the
 * answer tells nobody which accounts exist.
 */
export async function requestReset(deps: PasswordResetDeps, account: string, ip: string): Promise<void> {
  const done = await deps.requests.spend([account.toLowerCase(), ip], async () => {
    const user = await userOf(deps.db, account);
    if (!user) return;
    const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
    const now = nowOf(deps);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(passwordResetCodes)
        .set({ endedAt: now })
        .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.endedAt)));
      await tx.insert(passwordResetCodes).values({
        userId: user.id,
        codeHash: hashCode(user.id, code).toString('hex'),
        expiresAt: new Date(now.getTime() + WINDOW_MS),
        createdAt: now,
      });
    });
    await deps.mailer
      .send(resetMail(user.lang, user.email, code))
      .catch((err: Error) =>
        logger.error({ err: err.message, userId: user.id }, 'password reset: mail not sent'),
      );
  });
  if (done.outcome === 'refused') throw tooMany(done.retryInMs);
}

async function endCodes(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ endedAt: now })
    .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.endedAt)));
}

/**
 * Sets a new password with a mailed code, within the code budgets. A wrong, expired, used or
 * unknown code (or account) is one answer. On success the code ends and every session of the
 * account ends with it, on every replica.
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  input: { account: string; code: string; password: string },
  ip: string,
): Promise<void> {
  const now = nowOf(deps);
  const user = await userOf(deps.db, input.account);
  let codeId: string | undefined;
  const result = await deps.attempts.attempt([input.account.toLowerCase(), ip], async () => {
    if (!user) return false;
    const [live] = await deps.db
      .select({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash })
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.userId, user.id),
          isNull(passwordResetCodes.endedAt),
          gt(passwordResetCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(passwordResetCodes.createdAt))
      .limit(1);
    if (!live) return false;
    const right = timingSafeEqual(hashCode(user.id, input.code), Buffer.from(live.codeHash, 'hex'));
    if (right) codeId = live.id;
    return right;
  });
  if (result.outcome === 'refused') throw tooMany(result.retryInMs);
  if (result.outcome === 'wrong' || !user || !codeId) {
    // The last guess of the budget ends the code: a new one must be asked for (and mailed).
    if (user && result.outcome === 'wrong' && result.attemptsLeft === 0)
      await endCodes(deps.db, user.id, now);
    throw new DomainError('reset.codeWrong');
  }
  const usedCode = codeId;
  const passwordHash = await hashPassword(input.password);
  const revoked = await deps.db.transaction(async (tx) => {
    // The code ends here once: of two requests racing with it, the second changes nothing.
    const [used] = await tx
      .update(passwordResetCodes)
      .set({ endedAt: now })
      .where(and(eq(passwordResetCodes.id, usedCode), isNull(passwordResetCodes.endedAt)))
      .returning({ id: passwordResetCodes.id });
    if (!used) throw new DomainError('reset.codeWrong');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    return revokeAllSessions(tx, user.id);
  });
  // After the commit: no replica's cache may trust the sessions, and a socket that reconnects
  // at once must find its session revoked.
  await deps.sessionCache.revoke(revoked);
  await deps.userSockets.disconnect({ userId: user.id });
}
