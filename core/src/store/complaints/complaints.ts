import type { ComplaintKind, ComplaintView } from '@bourse/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { users } from '../../accounts/schema.ts';
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

/** Every complaint for back office, newest first, without loading the images. */
export async function allComplaints(db: Db, { page, pageSize }: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: storeComplaints.id,
        kind: storeComplaints.kind,
        storeOrderId: storeComplaints.storeOrderId,
        content: storeComplaints.content,
        status: storeComplaints.status,
        reply: storeComplaints.reply,
        createdAt: storeComplaints.createdAt,
        account: users.account,
        certificateType: storeComplaints.certificateType,
        certificateBytes: sql<number>`octet_length(${storeComplaints.certificate})::int`,
      })
      .from(storeComplaints)
      .innerJoin(users, eq(users.id, storeComplaints.userId))
      .orderBy(desc(storeComplaints.createdAt), desc(storeComplaints.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(storeComplaints),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      orderId: r.storeOrderId,
      content: r.content,
      status: r.status,
      reply: r.reply,
      createdAt: r.createdAt.toISOString(),
      account: r.account,
      certificateType: r.certificateType,
      certificateBytes: Number(r.certificateBytes),
    })),
    page,
    pageSize,
    total,
  };
}
