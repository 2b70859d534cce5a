import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, type Locale, type UserInfo } from '@bourse/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { avatars, users } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';

export type UserRow = typeof users.$inferSelect;

export function langSetting(lang: string): UserInfo['lang'] {
  const locale: Locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  return { file_name: locale, language_name: LOCALE_NAMES[locale] };
}

export function avatarUrl(avatarId: string): string {
  return `/api/user/avatar/${avatarId}`;
}

export function toUserInfo(user: UserRow, avatarId: string | null): UserInfo {
  return {
    id: user.id,
    account: user.account,
    username: user.username,
    givenName: user.givenName,
    email: user.email,
    mobile: user.mobile,
    avatarUrl: avatarId === null ? null : avatarUrl(avatarId),
    role: user.role,
    lang: langSetting(user.lang),
    createdAt: user.createdAt.toISOString(),
  };
}

async function selectUserInfo(db: Db, where: SQL): Promise<{ user: UserRow; info: UserInfo } | undefined> {
  const [row] = await db
    .select({ user: users, avatarId: avatars.id })
    .from(users)
    .leftJoin(avatars, eq(avatars.userId, users.id))
    .where(where);
  return row && { user: row.user, info: toUserInfo(row.user, row.avatarId) };
}

/** Accounts are unique regardless of case (see users_account_lower_idx). */
export function findByAccount(db: Db, account: string) {
  return selectUserInfo(db, sql`lower(${users.account}) = lower(${account})`);
}

export async function loadUserInfo(db: Db, userId: string): Promise<UserInfo> {
  const found = await selectUserInfo(db, eq(users.id, userId));
  if (!found) throw new Error(`user ${userId} of a live session is missing`);
  return found.info;
}
