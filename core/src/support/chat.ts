import {
  DomainError,
  type Locale,
  type QueueItem,
  SUPPORT_SYNC_PAGE,
  type SupportContext,
  type SupportMessage,
  type SupportQueue,
  type SupportReceipt,
  type SupportSyncReply,
} from '@bourse/shared';
import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { listTransfers } from '../banking/transfers.ts';
import { authenticationDetailOf } from '../identity/verification.ts';
import { AttemptLimit } from '../platform/attemptLimit.ts';
import type { Db } from '../platform/database.ts';
import type { SniffedType } from '../platform/fileType.ts';
import { stripImageMetadata } from '../platform/imageMetadata.ts';
import { pageOf } from '../trading/paging.ts';
import { orders } from '../trading/schema.ts';
import { orderView } from '../trading/views.ts';
import type { SupportPublisher } from './publisher.ts';
import { supportConversations, supportMessages, supportPictures } from './schema.ts';

export interface SupportDeps {
  db: Db;
  publisher: SupportPublisher;
  /** A user's sends: a burst budget and an hourly one, both keyed by the user. */
  sendLimit: AttemptLimit;
}

/** Ten messages in ten seconds is a fast typist; three hundred an hour is more than any real chat. */
export const supportSendLimit = (redis: ConstructorParameters<typeof AttemptLimit>[0], prefix: string) =>
  new AttemptLimit(redis, prefix, 'supportSend', [
    { name: 'burst', attempts: 10, windowMs: 10_000 },
    { name: 'hour', attempts: 300, windowMs: 3_600_000 },
  ]);

export const supportPictureUrl = (id: string) => `/api/support/pictures/${id}`;

/** How many recent orders and transfers the desk shows beside a conversation. */
const CONTEXT_ROWS = 5;

type MessageRow = typeof supportMessages.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function messageView(row: MessageRow): SupportMessage {
  return {
    seq: row.seq,
    author: row.author,
    text: row.text,
    pictureUrl: row.pictureId ? supportPictureUrl(row.pictureId) : null,
    clientKey: row.clientKey,
    createdAt: row.createdAt.toISOString(),
  };
}

export type SupportContent = { text: string } | { picture: { mimeType: SniffedType; buffer: Buffer } };

interface Appended {
  message: SupportMessage;
  /** False when the client key had sent it already: nothing new to push. */
  fresh: boolean;
}

/**
 * Appends one message under the conversation's lock (the caller holds it): its seq is the
 * next, so a conversation's seqs have no gaps. The sender has read up to their own message.
 * A client key already used in the conversation returns that message unchanged.
 */
async function append(
  tx: Tx,
  conversationId: string,
  sender: { author: 'user' } | { author: 'staff'; staffId: string },
  content: { text: string } | { picture: { mimeType: SniffedType; content: Buffer } },
  clientKey: string,
): Promise<Appended> {
  const [existing] = await tx
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.clientKey, clientKey)));
  if (existing) return { message: messageView(existing), fresh: false };
  let pictureId: string | null = null;
  if ('picture' in content) {
    const [picture] = await tx
      .insert(supportPictures)
      .values({ conversationId, ...content.picture })
      .returning({ id: supportPictures.id });
    pictureId = picture?.id ?? null;
  }
  const readMark = sender.author === 'user' ? 'userReadSeq' : 'staffReadSeq';
  const [conversation] = await tx
    .update(supportConversations)
    .set({
      lastSeq: sql`${supportConversations.lastSeq} + 1`,
      [readMark]: sql`${supportConversations.lastSeq} + 1`,
      lastMessageAt: sql`now()`,
    })
    .where(eq(supportConversations.id, conversationId))
    .returning({ seq: supportConversations.lastSeq });
  if (!conversation) throw new Error('support: conversation vanished under its lock');
  const [row] = await tx
    .insert(supportMessages)
    .values({
      conversationId,
      seq: conversation.seq,
      author: sender.author,
      staffId: sender.author === 'staff' ? sender.staffId : null,
      text: 'text' in content ? content.text : null,
      pictureId,
      clientKey,
    })
    .returning();
  if (!row) throw new Error('support: message insert returned no row');
  return { message: messageView(row), fresh: true };
}

function stripped(content: SupportContent) {
  if ('text' in content) return content;
  const bytes = stripImageMetadata(content.picture.buffer, content.picture.mimeType);
  if (!bytes) throw new DomainError('support.pictureBadType');
  return { picture: { mimeType: content.picture.mimeType, content: bytes } };
}

/**
 * A user's message (text or picture) into their conversation, made on their first. Limited by
 * sendLimit; a refusal (too fast, a broken picture) writes nothing. Pushed after the commit.
 */
export async function sendAsUser(
  deps: SupportDeps,
  userId: string,
  locale: Locale,
  clientKey: string,
  content: SupportContent,
): Promise<SupportMessage> {
  const body = stripped(content);
  const spent = await deps.sendLimit.spend([userId, userId], () =>
    deps.db.transaction(async (tx) => {
      // The upsert locks the conversation's row until the commit: sends take turns for their seq.
      const [conversation] = await tx
        .insert(supportConversations)
        .values({ userId, locale })
        .onConflictDoUpdate({ target: supportConversations.userId, set: { locale } })
        .returning({ id: supportConversations.id });
      if (!conversation) throw new Error('support: conversation upsert returned no row');
      return {
        conversationId: conversation.id,
        ...(await append(tx, conversation.id, { author: 'user' }, body, clientKey)),
      };
    }),
  );
  if (spent.outcome === 'refused')
    throw new DomainError('support.tooFast', { seconds: Math.max(1, Math.ceil(spent.retryInMs / 1000)) });
  const { conversationId, message, fresh } = spent.value;
  if (fresh) deps.publisher.message(userId, conversationId, message);
  return message;
}

async function agentOf(db: Db, agentId: string): Promise<NonNullable<QueueItem['agent']>> {
  const [agent] = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(eq(users.id, agentId));
  if (!agent) throw new Error('support: agent not found');
  return agent;
}

/**
 * An agent's reply. A conversation nobody has taken becomes theirs; one another agent has
 * taken is refused (409) until they take it over (takeConversation).
 */
export async function sendAsStaff(
  deps: SupportDeps,
  staffId: string,
  conversationId: string,
  clientKey: string,
  text: string,
): Promise<SupportMessage> {
  const sent = await deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ userId: supportConversations.userId, agentId: supportConversations.agentId })
      .from(supportConversations)
      .where(eq(supportConversations.id, conversationId))
      .for('update');
    if (!conversation) throw new DomainError('support.conversationNotFound');
    if (conversation.agentId !== null && conversation.agentId !== staffId) {
      const agent = await agentOf(tx, conversation.agentId);
      throw new DomainError('support.assignedToAnother', { agent: agent.account });
    }
    const takes = conversation.agentId === null;
    if (takes)
      await tx
        .update(supportConversations)
        .set({ agentId: staffId })
        .where(eq(supportConversations.id, conversationId));
    const appended = await append(tx, conversationId, { author: 'staff', staffId }, { text }, clientKey);
    return { ...appended, userId: conversation.userId, takes };
  });
  if (sent.takes) deps.publisher.assigned(conversationId, await agentOf(deps.db, staffId));
  if (sent.fresh) deps.publisher.message(sent.userId, conversationId, sent.message);
  return sent.message;
}

const NO_CONVERSATION: SupportReceipt = { userReadSeq: 0, staffReadSeq: 0 };

async function conversationWhere(db: Db, where: SQL) {
  const [conversation] = await db
    .select({
      id: supportConversations.id,
      userId: supportConversations.userId,
      userReadSeq: supportConversations.userReadSeq,
      staffReadSeq: supportConversations.staffReadSeq,
      lastSeq: supportConversations.lastSeq,
    })
    .from(supportConversations)
    .where(where);
  return conversation;
}

async function messagesAfter(db: Db, conversationId: string, afterSeq: number) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.seq, afterSeq)))
    .orderBy(asc(supportMessages.seq))
    .limit(SUPPORT_SYNC_PAGE + 1);
  return {
    messages: rows.slice(0, SUPPORT_SYNC_PAGE).map(messageView),
    more: rows.length > SUPPORT_SYNC_PAGE,
  };
}

/** The user's messages after `afterSeq`, in order, a page at a time, with both read marks. */
export async function syncAsUser(db: Db, userId: string, afterSeq: number): Promise<SupportSyncReply> {
  const conversation = await conversationWhere(db, eq(supportConversations.userId, userId));
  if (!conversation) return { ...NO_CONVERSATION, messages: [], more: false };
  const { userReadSeq, staffReadSeq } = conversation;
  return { userReadSeq, staffReadSeq, ...(await messagesAfter(db, conversation.id, afterSeq)) };
}

/** As syncAsUser, for the desk: any conversation by its id. */
export async function syncAsStaff(
  db: Db,
  conversationId: string,
  afterSeq: number,
): Promise<SupportSyncReply> {
  const conversation = await conversationWhere(db, eq(supportConversations.id, conversationId));
  if (!conversation) throw new DomainError('support.conversationNotFound');
  const { userReadSeq, staffReadSeq } = conversation;
  return { userReadSeq, staffReadSeq, ...(await messagesAfter(db, conversation.id, afterSeq)) };
}

/**
 * One side has read up to `seq` (at most the last message; a mark never moves back). Both
 * sides hear the new marks: the other side's messages show as read.
 */
export async function markRead(
  deps: SupportDeps,
  reader: { side: 'user'; userId: string } | { side: 'staff'; conversationId: string },
  seq: number,
): Promise<SupportReceipt> {
  const mark = reader.side === 'user' ? supportConversations.userReadSeq : supportConversations.staffReadSeq;
  const where =
    reader.side === 'user'
      ? eq(supportConversations.userId, reader.userId)
      : eq(supportConversations.id, reader.conversationId);
  const before = await conversationWhere(deps.db, where);
  if (!before) {
    if (reader.side === 'staff') throw new DomainError('support.conversationNotFound');
    return NO_CONVERSATION;
  }
  const [after] = await deps.db
    .update(supportConversations)
    .set({
      [reader.side === 'user' ? 'userReadSeq' : 'staffReadSeq']:
        sql`greatest(${mark}, least(${seq}, ${supportConversations.lastSeq}))`,
    })
    .where(where)
    .returning({
      userReadSeq: supportConversations.userReadSeq,
      staffReadSeq: supportConversations.staffReadSeq,
    });
  if (!after) return NO_CONVERSATION;
  if (after.userReadSeq !== before.userReadSeq || after.staffReadSeq !== before.staffReadSeq)
    deps.publisher.receipt(before.userId, before.id, after);
  return after;
}

/** For Me's badge: staff messages the user has not read, and the conversation's last seq. */
export async function userSummary(db: Db, userId: string): Promise<{ unread: number; lastSeq: number }> {
  const conversation = await conversationWhere(db, eq(supportConversations.userId, userId));
  if (!conversation) return { unread: 0, lastSeq: 0 };
  const unread = await db.$count(
    supportMessages,
    and(
      eq(supportMessages.conversationId, conversation.id),
      eq(supportMessages.author, 'staff'),
      gt(supportMessages.seq, conversation.userReadSeq),
    ),
  );
  return { unread, lastSeq: conversation.lastSeq };
}

const agents = alias(users, 'agent');
const lastMessages = alias(supportMessages, 'last_message');

async function queueItems(
  db: Db,
  where: SQL | undefined,
  limit: number,
): Promise<(QueueItem & { userId: string })[]> {
  const c = supportConversations;
  const rows = await db
    .select({
      conversationId: c.id,
      userId: c.userId,
      account: users.account,
      agentId: agents.id,
      agentAccount: agents.account,
      locale: c.locale,
      lastSeq: c.lastSeq,
      staffReadSeq: c.staffReadSeq,
      userReadSeq: c.userReadSeq,
      last: lastMessages,
      unread: sql<number>`(select count(*)::int from ${supportMessages} where ${supportMessages.conversationId} = ${c.id} and ${supportMessages.author} = 'user' and ${supportMessages.seq} > ${c.staffReadSeq})`,
    })
    .from(c)
    .innerJoin(users, eq(users.id, c.userId))
    .leftJoin(agents, eq(agents.id, c.agentId))
    .leftJoin(lastMessages, and(eq(lastMessages.conversationId, c.id), eq(lastMessages.seq, c.lastSeq)))
    .where(where)
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(limit);
  return rows.map(({ agentId, agentAccount, last, locale, ...row }) => ({
    ...row,
    locale: locale as Locale,
    agent: agentId && agentAccount ? { id: agentId, account: agentAccount } : null,
    lastMessage: last ? messageView(last) : null,
  }));
}

const withoutUser = ({ userId: _userId, ...item }: QueueItem & { userId: string }): QueueItem => item;

/** The desk's queue, latest first: conversations nobody has taken, the caller's, or all. */
export async function supportQueue(
  db: Db,
  staffId: string,
  queue: SupportQueue,
  limit: number,
): Promise<QueueItem[]> {
  const where =
    queue === 'unassigned'
      ? isNull(supportConversations.agentId)
      : queue === 'mine'
        ? eq(supportConversations.agentId, staffId)
        : undefined;
  return (await queueItems(db, where, limit)).map(withoutUser);
}

/** An agent takes a conversation, from the queue or from another agent; the desk hears it. */
export async function takeConversation(
  deps: SupportDeps,
  staffId: string,
  conversationId: string,
): Promise<QueueItem> {
  const [taken] = await deps.db
    .update(supportConversations)
    .set({ agentId: staffId })
    .where(eq(supportConversations.id, conversationId))
    .returning({ id: supportConversations.id });
  if (!taken) throw new DomainError('support.conversationNotFound');
  const [item] = await queueItems(deps.db, eq(supportConversations.id, conversationId), 1);
  if (!item) throw new DomainError('support.conversationNotFound');
  deps.publisher.assigned(conversationId, item.agent);
  return withoutUser(item);
}

/** A conversation with what the agent needs to know of its user: verification, recent orders and transfers. */
export async function supportContext(db: Db, conversationId: string): Promise<SupportContext> {
  const [item] = await queueItems(db, eq(supportConversations.id, conversationId), 1);
  if (!item) throw new DomainError('support.conversationNotFound');
  const page = { page: 1, pageSize: CONTEXT_ROWS };
  const [verification, recentOrders, recentTransfers] = await Promise.all([
    authenticationDetailOf(db, item.userId),
    pageOf(
      db,
      orders,
      eq(orders.userId, item.userId),
      [desc(orders.createdAt), desc(orders.id)],
      page,
      orderView,
    ),
    listTransfers(db, item.userId, page),
  ]);
  return {
    conversation: withoutUser(item),
    verification,
    recentOrders: recentOrders.items,
    recentTransfers: recentTransfers.items,
  };
}

/** A picture's bytes for its conversation's user or any staff; anyone else is told it does not exist. */
export async function supportPicture(db: Db, id: string, viewer: { userId: string; role: 'user' | 'admin' }) {
  const [picture] = await db
    .select({
      mimeType: supportPictures.mimeType,
      content: supportPictures.content,
      userId: supportConversations.userId,
    })
    .from(supportPictures)
    .innerJoin(supportConversations, eq(supportConversations.id, supportPictures.conversationId))
    .where(eq(supportPictures.id, id));
  if (!picture || (viewer.role !== 'admin' && picture.userId !== viewer.userId)) return undefined;
  return picture;
}
