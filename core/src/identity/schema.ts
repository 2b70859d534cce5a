// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { RealNameRefusalReason, RealNameStatus } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { bytea } from '../db/bytea.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const user = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Real-name verification requests, newest last. A user has at most one request pending or
 * passed at a time, and a resident ID number belongs to one user's pending or passed request.
 */
export const realNameVerifications = pgTable(
  'real_name_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: user(),
    status: text('status').$type<RealNameStatus>().notNull(),
    realName: text('real_name').notNull(),
    /** The full number, for back office's review; users see only the masked one. */
    idNumber: text('id_number').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    refusalReason: text('refusal_reason').$type<RealNameRefusalReason>(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    index('real_name_verifications_user_id_idx').on(t.userId, t.submittedAt),
    index('real_name_verifications_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('real_name_verifications_open_user_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'passed')`),
    uniqueIndex('real_name_verifications_open_id_number_idx')
      .on(t.idNumber)
      .where(sql`${t.status} in ('pending', 'passed')`),
    check('real_name_verifications_status_check', sql`${t.status} in ('pending', 'passed', 'refused')`),
  ],
);

/** The optional photo of a verification request, apart so listing requests never loads images. */
export const realNamePhotos = pgTable('real_name_photos', {
  verificationId: uuid('verification_id')
    .primaryKey()
    .references(() => realNameVerifications.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  content: bytea('content').notNull(),
});

/** The payment password's hash (an HMAC under the pepper, docs/adr/0040); its wrong-entry counter lives in Redis. */
export const payPasswords = pgTable('pay_passwords', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
