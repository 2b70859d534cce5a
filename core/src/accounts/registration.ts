import { Dec, DomainError, type Locale, type RegisterCredentials } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { AttemptLimit } from '../platform/attemptLimit.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { Db } from '../platform/database.ts';
import { openDemoWallet } from '../store/wallet.ts';
import { hashPassword } from './passwords.ts';
import { users } from './schema.ts';
import { signIn } from './sessions.ts';
import { toUserInfo } from './users.ts';

/** Extension points of registration; each runs inside the registration transaction. */
export interface RegistrationHooks {
  /**
   * Demo mode only: credit the new account's starting deposit. The composition root puts the
   * ledger's paper deposit (ledger/startingDeposit.ts) here unless a test brings its own.
   */
  startingDeposit: (tx: Db, userId: string) => Promise<void>;
}

/**
 * Registrations per client IP in an hour, counted before the account is made (so concurrent
 * ones cannot pass the limit) and given back when registering fails (a taken account name).
 */
export function registrationLimit(redis: Redis, prefix: string, perHour: number): AttemptLimit {
  return new AttemptLimit(redis, prefix, 'register', [
    { name: 'ip', attempts: perHour, windowMs: 60 * 60_000 },
  ]);
}

/** Makes the account and signs it in; auth.accountTaken when the name (in any case) exists. */
export async function createAccount(
  app: PlatformContext & { registrationHooks: RegistrationHooks },
  credentials: RegisterCredentials,
  locale: Locale,
) {
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
      await app.registrationHooks.startingDeposit(tx, user.id);
      await openDemoWallet(tx, user.id, new Dec(app.config.storeStartingBalance));
    }
    return signIn(tx, toUserInfo(user, null));
  });
}
