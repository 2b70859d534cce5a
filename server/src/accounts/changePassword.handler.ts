import { DomainError, type userRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeOtherSessions } from './sessions.ts';

export const changePasswordHandler: Handler<typeof userRoutes.changePassword> = async (ctx) => {
  const session = signedIn(ctx);
  const { db } = ctx.app;
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.userId));
  if (!(await verifyPassword(user?.passwordHash, ctx.body.oldPassword)))
    throw new DomainError('auth.oldPasswordWrong');
  const passwordHash = await hashPassword(ctx.body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, session.userId));
    await revokeOtherSessions(tx, session);
  });
  return null;
};
