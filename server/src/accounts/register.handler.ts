import { DomainError, registerCredentials, type userRoutes } from '@bourse/shared';
import { users } from '../db/schema.ts';
import type { Handler } from '../http/mountRoute.ts';
import { startingDeposit } from '../ledger/startingDeposit.ts';
import type { Db } from '../platform/database.ts';
import { hashPassword } from './passwords.ts';
import { readCredentials } from './readCredentials.ts';
import { signIn } from './sessions.ts';
import { toUserInfo } from './users.ts';

/** Extension points of registration; each runs inside the registration transaction. */
export interface RegistrationHooks {
  /** Demo mode only: credit the new account's starting deposit; the ledger's paper deposit by default. */
  startingDeposit?: (tx: Db, userId: string) => Promise<void>;
}

export const registerHandler: Handler<typeof userRoutes.register> = async ({ body, app, locale }) => {
  const credentials = await readCredentials(app, body.query, registerCredentials);
  const passwordHash = await hashPassword(credentials.password);
  return app.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        account: credentials.account,
        passwordHash,
        username: credentials.username,
        givenName: credentials.givenName,
        email: credentials.email,
        mobile: credentials.mobile,
        lang: credentials.lang ?? locale,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new DomainError('auth.accountTaken');
    if (app.config.demoMode) {
      await (app.registrationHooks.startingDeposit ?? startingDeposit(app))(tx, user.id);
    }
    return signIn(tx, toUserInfo(user, null));
  });
};
