import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Grants or revokes back office: sets the role of the account (login name, any case). Sessions
 * read the role on every request, so the change holds at once on every replica. Undefined when
 * there is no such account.
 */
export async function setRole(
  db: Db,
  account: string,
  role: UserRole,
): Promise<{ account: string; role: UserRole; previous: UserRole } | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, account: users.account, role: users.role })
      .from(users)
      .where(sql`lower(${users.account}) = lower(${account})`)
      .for('update');
    if (!user) return undefined;
    if (user.role !== role) await tx.update(users).set({ role }).where(eq(users.id, user.id));
    return { account: user.account, role, previous: user.role };
  });
}

/** Accounts holding the admin role, by login name. */
export async function listAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ account: users.account })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.account);
  return rows.map((r) => r.account);
}
