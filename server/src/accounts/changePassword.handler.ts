import { DomainError, type userRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeOtherSessions } from './sessions.ts';

export const changePasswordHandler: Handler<typeof userRoutes.changePassword> = async (ctx) => {
  const session = signedIn(ctx);
  const { db, loginRateLimit } = ctx.app;
  const [user] = await db
    .select({ account: users.account, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.userId));
  // Deleted since the session was read: the session went with it.
  if (!user) throw new DomainError('auth.sessionExpired');
  // Wrong old passwords count in login's per-account key: a stolen session gets no guesses
  // beyond login's five, and a lockout earned at either door closes both for 15 minutes.
  await loginRateLimit.assertAllowed(user.account);
  if (!(await verifyPassword(user.passwordHash, ctx.body.oldPassword))) {
    await loginRateLimit.recordFailure(user.account);
    throw new DomainError('auth.oldPasswordWrong');
  }
  // Forgiven before the change, so that Redis failing here refuses with nothing changed.
  await loginRateLimit.clearAccount(user.account);
  const passwordHash = await hashPassword(ctx.body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, session.userId));
    await revokeOtherSessions(tx, session);
  });
  // After the commit: a socket that reconnects at once must find its session revoked.
  await ctx.app.userSockets.disconnect({ userId: session.userId, exceptSessionId: session.id });
  return null;
};
