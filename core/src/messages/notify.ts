import { type MessageView, messageParamsSchemas, type NewMessage } from '@bourse/shared';
import { marketAtText } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { messages } from './schema.ts';

/** A stored message and whom it is for: what the publisher sends once the transaction commits. */
export interface SentMessage {
  userId: string;
  message: MessageView;
}

type MessageRow = typeof messages.$inferSelect;

export function messageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    marketAt: marketAtText(row),
  };
}

/** The parameters as stored: checked against the kind's schema, absent optional ones left out. */
function storedParams(message: NewMessage): Record<string, string> {
  const params = messageParamsSchemas[message.kind].parse(message.params) as Record<
    string,
    string | undefined
  >;
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * Stores messages with `db`, which may be the caller's transaction: the job's effect and its
 * notice then commit together. Publish the result after the commit (MessagePublisher).
 */
export async function notifyAll(db: Db, batch: readonly NewMessage[]): Promise<SentMessage[]> {
  if (batch.length === 0) return [];
  const rows = await db
    .insert(messages)
    .values(batch.map((m) => ({ userId: m.userId, kind: m.kind, params: storedParams(m) })))
    .returning();
  return rows.map((row) => ({ userId: row.userId, message: messageView(row) }));
}

/** Stores one message; see notifyAll. */
export async function notify(db: Db, message: NewMessage): Promise<SentMessage> {
  const [sent] = await notifyAll(db, [message]);
  if (!sent) throw new Error('message insert returned no row');
  return sent;
}
