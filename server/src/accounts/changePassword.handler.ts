import { verifyWithinLoginLimits } from '@bourse/core/accounts/loginAttempts.ts';
import { hashPassword, verifyPassword } from '@bourse/core/accounts/passwords.ts';
import { revokeOtherSessions } from '@bourse/core/accounts/sessions.ts';
import { users } from '@bourse/core/db/schema.ts';
import { DomainError, type userRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const changePasswordHandler: Handler<typeof userRoutes.changePassword> = async (ctx) => {
  const session = signedIn(ctx);
  const { db, loginAttempts } = ctx.app;
  const [user] = await db
    .select({ account: users.account, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.userId));
  // Deleted since the session was read: the session went with it.
  if (!user) throw new DomainError('auth.sessionExpired');
  // Old passwords are tried within login's budgets: a stolen session gets no guesses beyond
  // login's, and a lockout earned at either door closes both. A right one forgives the
  // failures before the change, so that Redis failing refuses with nothing changed.
  const right = await verifyWithinLoginLimits(loginAttempts, user.account, ctx.ip, () =>
    verifyPassword(user.passwordHash, ctx.body.oldPassword),
  );
  if (!right) throw new DomainError('auth.oldPasswordWrong');
  const passwordHash = await hashPassword(ctx.body.newPassword);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, session.userId));
    return revokeOtherSessions(tx, session);
  });
  await ctx.app.sessionCache.revoke(revoked);
  // After the commit: a socket that reconnects at once must find its session revoked.
  await ctx.app.userSockets.disconnect({ userId: session.userId, exceptSessionId: session.id });
  return null;
};
