import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';
import type { UserSockets } from '../user-channel/endSockets.ts';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Grants or revokes back office: sets the role of the account (login name, any case). Back
 * office's routes read the role from the database on every request (never from the session
 * cache), so the change holds at once on every replica; the user's
 * /user sockets are closed, to reconnect under the new role. Undefined when there is no such
 * account.
 */
export async function setRole(
  db: Db,
  sockets: UserSockets,
  account: string,
  role: UserRole,
): Promise<{ account: string; role: UserRole; previous: UserRole } | undefined> {
  const changed = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, account: users.account, role: users.role })
      .from(users)
      .where(sql`lower(${users.account}) = lower(${account})`)
      .for('update');
    if (!user) return undefined;
    if (user.role !== role) await tx.update(users).set({ role }).where(eq(users.id, user.id));
    return { userId: user.id, account: user.account, role, previous: user.role };
  });
  if (!changed) return undefined;
  const { userId, ...result } = changed;
  if (result.previous !== role) await sockets.disconnect({ userId });
  return result;
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
