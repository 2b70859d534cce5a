import { DomainError, loginCredentials, type userRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { ensureStarterPortfolio } from '../ledger/startingDeposit.ts';
import { verifyPassword } from './passwords.ts';
import { readCredentials } from './readCredentials.ts';
import { signIn } from './sessions.ts';
import { findByAccount } from './users.ts';

export const loginHandler: Handler<typeof userRoutes.login> = async ({ body, app, ip }) => {
  const { account, password } = await readCredentials(app, body.query, loginCredentials);
  await app.loginRateLimit.assertAllowed(account, ip);
  const found = await findByAccount(app.db, account);
  // An unknown account is refused exactly like a wrong password, after the same hashing work.
  if (!(await verifyPassword(found?.user.passwordHash, password)) || !found) {
    await app.loginRateLimit.recordFailure(account, ip);
    throw new DomainError('auth.badCredentials');
  }
  await app.loginRateLimit.clearAccount(account);
  if (app.config.demoMode) await ensureStarterPortfolio(app, found.info.id);
  return signIn(app.db, found.info);
};
