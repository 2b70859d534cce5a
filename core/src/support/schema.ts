import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { bytea } from '../db/bytea.ts';

/**
 * A user's one conversation with customer service. `last_seq` numbers its messages: a send
 * raises it under the row's lock, so seqs are gapless and in commit order. Each side's read
 * mark is the last seq it has read.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    /** The agent who took it; null while it waits in the unassigned queue. */
    agentId: uuid('agent_id').references(() => users.id),
    lastSeq: integer('last_seq').notNull().default(0),
    userReadSeq: integer('user_read_seq').notNull().default(0),
    staffReadSeq: integer('staff_read_seq').notNull().default(0),
    /** The language the user last wrote in, for the desk's canned replies. */
    locale: text('locale').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_conversations_latest_idx').on(t.lastMessageAt),
    index('support_conversations_agent_idx').on(t.agentId, t.lastMessageAt),
    check(
      'support_conversations_read_check',
      sql`${t.userReadSeq} between 0 and ${t.lastSeq} and ${t.staffReadSeq} between 0 and ${t.lastSeq}`,
    ),
  ],
);

/** A picture sent into a conversation, stripped of its metadata; only the conversation's user and staff read it. */
export const supportPictures = pgTable(
  'support_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    mimeType: text('mime_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('support_pictures_conversation_idx').on(t.conversationId)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    seq: integer('seq').notNull(),
    author: text('author', { enum: ['user', 'staff'] }).notNull(),
    /** The agent who wrote a staff message. */
    staffId: uuid('staff_id').references(() => users.id),
    text: text('text'),
    pictureId: uuid('picture_id').references(() => supportPictures.id),
    /** The sender's key: a send repeated (after a reconnect) finds the message it made. */
    clientKey: uuid('client_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.seq] }),
    unique('support_messages_client_key_unique').on(t.conversationId, t.clientKey),
    check('support_messages_author_check', sql`${t.author} in ('user', 'staff')`),
    check('support_messages_content_check', sql`${t.text} is not null or ${t.pictureId} is not null`),
    check('support_messages_staff_check', sql`(${t.author} = 'staff') = (${t.staffId} is not null)`),
  ],
);
