import { verifyWithinLoginLimits } from '@bourse/core/accounts/loginAttempts.ts';
import { verifyPassword } from '@bourse/core/accounts/passwords.ts';
import { signIn } from '@bourse/core/accounts/sessions.ts';
import { findByAccount } from '@bourse/core/accounts/users.ts';
import { ensureStarterPortfolio } from '@bourse/core/ledger/startingDeposit.ts';
import { openDemoWallet } from '@bourse/core/store/wallet.ts';
import { Dec, DomainError, loginCredentials, type userRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { readCredentials } from './readCredentials.ts';

export const loginHandler: Handler<typeof userRoutes.login> = async ({ body, app, ip }) => {
  const { account, password } = await readCredentials(app, body.query, loginCredentials);
  const found = await findByAccount(app.db, account);
  // An unknown account is refused exactly like a wrong password, after the same hashing work.
  const right = await verifyWithinLoginLimits(app.loginAttempts, account, ip, () =>
    verifyPassword(found?.user.passwordHash, password),
  );
  if (!right || !found) throw new DomainError('auth.badCredentials');
  if (app.config.demoMode) {
    await ensureStarterPortfolio(app, app.services.trading.market, found.info.id);
    // An account older than the storefront (demo's) gets its paper USD at its next login.
    const userId = found.info.id;
    await app.db.transaction((tx) => openDemoWallet(tx, userId, new Dec(app.config.storeStartingBalance)));
  }
  return signIn(app.db, found.info);
};
