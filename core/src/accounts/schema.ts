import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    username: text('username').notNull(),
    givenName: text('given_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    lang: text('lang').notNull().default('zh-CN'),
    createdAt: createdAt(),
  },
  (t) => [
    // "Alice" and "alice" are one account, so nobody can register a look-alike.
    uniqueIndex('users_account_lower_idx').on(sql`lower(${t.account})`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

/** Only the SHA-256 of a session token is stored: a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  // expires_at: the purge of expired sessions finds them without scanning the live ones.
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** One avatar per user, kept in the database so every server replica can serve it. */
export const avatars = pgTable('avatars', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
