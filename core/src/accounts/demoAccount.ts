import { Dec, shanghaiDate } from '@bourse/shared';
import { users } from '../db/schema.ts';
import { deposit } from '../ledger/ledger.ts';
import type { Database } from '../platform/database.ts';
import { hashPassword } from './passwords.ts';
import { findByAccount } from './users.ts';

/** The demo login printed at start: account `demo`, password `demo123`. */
export const DEMO_ACCOUNT = { account: 'demo', password: 'demo123' } as const;

/**
 * Creates the demo account if it is absent; an existing one (even with a changed password) is
 * left alone. With `startingDeposit` (demo mode) the new account gets its paper cash as a real
 * deposit entry in the same transaction, as a registration in demo mode does.
 */
export async function seedDemoAccount(
  database: Database,
  { startingDeposit }: { startingDeposit?: string } = {},
): Promise<{ account: string; password: string }> {
  if (!(await findByAccount(database.db, DEMO_ACCOUNT.account))) {
    const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
    await database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          account: DEMO_ACCOUNT.account,
          passwordHash,
          username: 'Demo',
          givenName: 'User',
          email: 'demo@example.com',
          mobile: '13800000000',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // Another replica seeding at the same moment won the insert; it deposits, not us.
      if (created && startingDeposit) {
        await deposit(tx, created.id, new Dec(startingDeposit), shanghaiDate(Date.now()));
      }
    });
  }
  return { ...DEMO_ACCOUNT };
}
