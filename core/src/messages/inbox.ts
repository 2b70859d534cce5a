import { DomainError, type MessageView } from '@bourse/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { pageOf } from '../trading/paging.ts';
import { messageView } from './notify.ts';
import { messages } from './schema.ts';

const ofUser = (userId: string) => eq(messages.userId, userId);
const unreadOf = (userId: string) => and(ofUser(userId), isNull(messages.readAt));

export function listMessages(
  db: Db,
  userId: string,
  paging: { page: number; pageSize: number },
): Promise<{ items: MessageView[]; page: number; pageSize: number; total: number }> {
  return pageOf(db, messages, ofUser(userId), [desc(messages.seq)], paging, messageView);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(unreadOf(userId));
  return row?.n ?? 0;
}

/** Marks one of the user's messages read (again is fine); another user's is as unknown as none. */
export async function markRead(db: Db, userId: string, id: string): Promise<number> {
  const [found] = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.id, id), ofUser(userId)))
    .returning({ id: messages.id });
  if (!found) throw new DomainError('message.notFound');
  return unreadCount(db, userId);
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  await db.update(messages).set({ readAt: new Date() }).where(unreadOf(userId));
  return unreadCount(db, userId);
}
