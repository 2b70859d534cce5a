import {
  type AdminComplaintView,
  type ComplaintKind,
  type ComplaintReply,
  type ComplaintView,
  DomainError,
} from '@bourse/shared';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { notify } from '../../messages/notify.ts';
import type { MessagePublisher } from '../../messages/publisher.ts';
import type { Db } from '../../platform/database.ts';
import { pageOf } from '../../trading/paging.ts';
import { storeComplaints } from './schema.ts';

type ComplaintRow = typeof storeComplaints.$inferSelect;

function complaintView(row: ComplaintRow): ComplaintView {
  return {
    id: row.id,
    kind: row.kind,
    orderId: row.storeOrderId,
    content: row.content,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewComplaint {
  kind: ComplaintKind;
  orderId?: string;
  content: string;
  certificate: { mimeType: string; buffer: Buffer };
}

export async function fileComplaint(db: Db, userId: string, complaint: NewComplaint): Promise<ComplaintView> {
  const [row] = await db
    .insert(storeComplaints)
    .values({
      userId,
      kind: complaint.kind,
      // A platform complaint names no order, whatever was sent.
      storeOrderId: complaint.kind === 'order' ? (complaint.orderId ?? null) : null,
      content: complaint.content,
      certificate: complaint.certificate.buffer,
      certificateType: complaint.certificate.mimeType,
    })
    .returning();
  if (!row) throw new Error('complaint insert returned no row');
  return complaintView(row);
}

export function complaintsOf(db: Db, userId: string, paging: { page: number; pageSize: number }) {
  return pageOf(
    db,
    storeComplaints,
    eq(storeComplaints.userId, userId),
    [desc(storeComplaints.createdAt), desc(storeComplaints.id)],
    paging,
    complaintView,
  );
}

const replier = alias(users, 'replier');

async function adminViews(
  db: Db,
  where: SQL | undefined,
  { limit, offset }: { limit: number; offset: number },
): Promise<AdminComplaintView[]> {
  const rows = await db
    .select({
      id: storeComplaints.id,
      kind: storeComplaints.kind,
      storeOrderId: storeComplaints.storeOrderId,
      content: storeComplaints.content,
      status: storeComplaints.status,
      reply: storeComplaints.reply,
      repliedAt: storeComplaints.repliedAt,
      createdAt: storeComplaints.createdAt,
      account: users.account,
      repliedBy: replier.account,
      certificateType: storeComplaints.certificateType,
      certificateBytes: sql<number>`octet_length(${storeComplaints.certificate})::int`,
    })
    .from(storeComplaints)
    .innerJoin(users, eq(users.id, storeComplaints.userId))
    .leftJoin(replier, eq(replier.id, storeComplaints.repliedBy))
    .where(where)
    .orderBy(desc(storeComplaints.createdAt), desc(storeComplaints.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    orderId: r.storeOrderId,
    content: r.content,
    status: r.status,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    account: r.account,
    repliedBy: r.repliedBy,
    certificateType: r.certificateType,
    certificateBytes: Number(r.certificateBytes),
  }));
}

/** Every complaint for back office, newest first, without loading the images. */
export async function allComplaints(db: Db, { page, pageSize }: { page: number; pageSize: number }) {
  const [items, total] = await Promise.all([
    adminViews(db, undefined, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.$count(storeComplaints),
  ]);
  return { items, page, pageSize, total };
}

export interface ComplaintDeps {
  db: Db;
  messages: MessagePublisher;
}

/**
 * Back office replies to a complaint and sets it answered or closed, recording who and when. The
 * row is locked: a closed complaint takes no more replies (409), so of two racing replies the
 * second waits and then finds it closed, or replaces the reply of an answered one. The author's
 * message is stored in the same transaction and sent on commit.
 */
export async function replyToComplaint(
  deps: ComplaintDeps,
  adminId: string,
  { id, reply, status }: ComplaintReply,
  now = new Date(),
): Promise<AdminComplaintView> {
  const sent = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: storeComplaints.userId, status: storeComplaints.status })
      .from(storeComplaints)
      .where(eq(storeComplaints.id, id))
      .for('update');
    if (!row) throw new DomainError('complaint.notFound');
    if (row.status === 'closed') throw new DomainError('complaint.closed');
    const [updated] = await tx
      .update(storeComplaints)
      .set({ reply, status, repliedBy: adminId, repliedAt: now })
      .where(eq(storeComplaints.id, id))
      .returning({ kind: storeComplaints.kind, orderId: storeComplaints.storeOrderId });
    if (!updated) throw new Error(`complaint ${id} vanished`);
    return notify(tx, {
      userId: row.userId,
      kind: 'complaintReply',
      params: {
        complaintId: id,
        about: updated.kind,
        status,
        ...(updated.orderId ? { orderId: updated.orderId } : {}),
      },
    });
  });
  deps.messages.publish(sent);
  const [view] = await adminViews(deps.db, eq(storeComplaints.id, id), { limit: 1, offset: 0 });
  if (!view) throw new Error(`complaint ${id} vanished`);
  return view;
}
