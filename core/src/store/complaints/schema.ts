// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { ComplaintKind, ComplaintStatus } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { bytea } from '../../db/bytea.ts';

/**
 * Complaints and suggestions: about a store order (`store_order_id`, no foreign key: the order
 * module is separate) or the platform. Back office replies and sets it `answered` (it may reply
 * again) or `closed` (final); `replied_by` and `replied_at` are the last reply's.
 */
export const storeComplaints = pgTable(
  'store_complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ComplaintKind>().notNull(),
    storeOrderId: text('store_order_id'),
    content: text('content').notNull(),
    /** The certificate image as uploaded, typed by its leading bytes. */
    certificate: bytea('certificate').notNull(),
    certificateType: text('certificate_type').notNull(),
    status: text('status').$type<ComplaintStatus>().notNull().default('open'),
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by').references(() => users.id),
  },
  (t) => [
    index('store_complaints_user_idx').on(t.userId, t.createdAt),
    index('store_complaints_created_idx').on(t.createdAt),
    check(
      'store_complaints_status_check',
      sql`case ${t.status}
        when 'open' then ${t.reply} is null and ${t.repliedAt} is null
        when 'answered' then ${t.reply} is not null and ${t.repliedAt} is not null and ${t.repliedBy} is not null
        when 'closed' then ${t.reply} is not null and ${t.repliedAt} is not null and ${t.repliedBy} is not null
        else false end`,
    ),
  ],
);
