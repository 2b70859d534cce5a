// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { MessageKind } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { marketAt } from '../db/marketAt.ts';

/** Notices to one user: a kind and its string parameters, worded by the client in the reader's language. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Write order, which lists follow: the messages of one transaction share their timestamp. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    marketAt: marketAt(),
  },
  (t) => [
    index('messages_user_seq_idx').on(t.userId, t.seq),
    index('messages_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
