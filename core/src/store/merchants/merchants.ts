import {
  type AdminMerchantApplicationView,
  DomainError,
  type MerchantApplicationRequest,
  type MerchantApplicationView,
  type MerchantRefusalReason,
  type MerchantState,
  type MerchantStatus,
} from '@bourse/shared';
import { asc, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { notify } from '../../messages/notify.ts';
import type { MessagePublisher } from '../../messages/publisher.ts';
import type { Db } from '../../platform/database.ts';
import type { SniffedType } from '../../platform/fileType.ts';
import { stripImageMetadata } from '../../platform/imageMetadata.ts';
import { storeShops } from '../schema.ts';
import { inEveryLanguage, searchTextOf } from '../searchText.ts';
import { storeMerchantApplications } from './schema.ts';

export interface MerchantDeps {
  db: Db;
  messages: MessagePublisher;
}

export interface Licence {
  mimeType: SniffedType;
  buffer: Buffer;
}

/** Every column but the licence, which only its own route reads. */
const { licence: _licence, ...listed } = getTableColumns(storeMerchantApplications);
type ApplicationRow = Omit<typeof storeMerchantApplications.$inferSelect, 'licence'>;

export const merchantLicenceUrl = (id: string) => `/api/admin/merchants/${id}/licence`;

function applicationView(row: ApplicationRow): MerchantApplicationView {
  return {
    id: row.id,
    shopName: row.shopName,
    category: row.category,
    contact: row.contact,
    state: row.state,
    reason: row.reason,
    note: row.note,
    shopId: row.shopId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt === null ? null : row.decidedAt.toISOString(),
  };
}

/** The shop a user owns, if any: what makes them a seller. */
export async function shopOwnedBy(db: Db, userId: string): Promise<number | null> {
  const [shop] = await db
    .select({ id: storeShops.id })
    .from(storeShops)
    .where(eq(storeShops.ownerUserId, userId))
    .limit(1);
  return shop?.id ?? null;
}

/**
 * Records an application for back office. A user who owns a shop may not apply; a user with an
 * application still auditing may not apply again (the partial unique index decides a race).
 * The licence is kept without its metadata.
 */
export async function applyForShop(
  db: Db,
  userId: string,
  request: MerchantApplicationRequest,
  licence: Licence,
): Promise<MerchantApplicationView> {
  if ((await shopOwnedBy(db, userId)) !== null) throw new DomainError('merchant.alreadySeller');
  const stripped = stripImageMetadata(licence.buffer, licence.mimeType);
  if (!stripped) throw new DomainError('merchant.licenceBadType');
  const [row] = await db
    .insert(storeMerchantApplications)
    .values({ userId, ...request, licence: stripped, licenceType: licence.mimeType })
    .onConflictDoNothing()
    .returning(listed);
  if (!row) throw new DomainError('merchant.alreadyApplied');
  return applicationView(row);
}

export async function merchantStatus(db: Db, userId: string): Promise<MerchantStatus> {
  const [[latest], shopId] = await Promise.all([
    db
      .select(listed)
      .from(storeMerchantApplications)
      .where(eq(storeMerchantApplications.userId, userId))
      .orderBy(desc(storeMerchantApplications.createdAt), desc(storeMerchantApplications.id))
      .limit(1),
    shopOwnedBy(db, userId),
  ]);
  return { application: latest ? applicationView(latest) : null, shopId };
}

const decider = alias(users, 'decider');

async function adminViews(
  db: Db,
  where: SQL,
  order: SQL[],
  { limit, offset }: { limit: number; offset: number },
): Promise<AdminMerchantApplicationView[]> {
  const rows = await db
    .select({ ...listed, account: users.account, decidedByAccount: decider.account })
    .from(storeMerchantApplications)
    .innerJoin(users, eq(users.id, storeMerchantApplications.userId))
    .leftJoin(decider, eq(decider.id, storeMerchantApplications.decidedBy))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ account, decidedByAccount, ...row }) => ({
    ...applicationView(row),
    account,
    licenceUrl: merchantLicenceUrl(row.id),
    decidedBy: decidedByAccount,
  }));
}

/** One state's applications for back office: the oldest first while they wait, the newest first after. */
export async function merchantApplicationsInState(
  db: Db,
  { state, page, pageSize }: { state: MerchantState; page: number; pageSize: number },
) {
  const where = eq(storeMerchantApplications.state, state);
  const order =
    state === 'auditing'
      ? [asc(storeMerchantApplications.createdAt), asc(storeMerchantApplications.id)]
      : [desc(storeMerchantApplications.decidedAt), desc(storeMerchantApplications.id)];
  const [items, total] = await Promise.all([
    adminViews(db, where, order, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.$count(storeMerchantApplications, where),
  ]);
  return { items, page, pageSize, total };
}

export async function merchantLicence(db: Db, id: string) {
  const [row] = await db
    .select({ content: storeMerchantApplications.licence, mimeType: storeMerchantApplications.licenceType })
    .from(storeMerchantApplications)
    .where(eq(storeMerchantApplications.id, id));
  return row;
}

/** A new shop's logo hue, spread by its name so two new shops rarely look alike. */
const hueOf = (text: string) => [...text].reduce((h, c) => (h * 31 + (c.codePointAt(0) ?? 0)) % 360, 7);

export type MerchantDecision =
  | { outcome: 'approve'; id: string; note?: string | undefined }
  | { outcome: 'refuse'; id: string; reason: MerchantRefusalReason; note?: string | undefined };

/**
 * Back office's decision on one application, once: the row is locked and must still be auditing
 * (a second decision waits on the lock, then finds it decided: 409). Approving creates the shop,
 * named as applied in every language and owned by the applicant, in the same transaction. The
 * decision records who and when; the applicant's message is stored with it and sent on commit.
 */
export async function decideMerchantApplication(
  deps: MerchantDeps,
  adminId: string,
  decision: MerchantDecision,
  now = new Date(),
): Promise<AdminMerchantApplicationView> {
  const { sent } = await deps.db.transaction(async (tx) => {
    const [application] = await tx
      .select(listed)
      .from(storeMerchantApplications)
      .where(eq(storeMerchantApplications.id, decision.id))
      .for('update');
    if (!application) throw new DomainError('merchant.notFound');
    if (application.state !== 'auditing') throw new DomainError('merchant.alreadyDecided');
    const decided = { decidedBy: adminId, decidedAt: now, note: decision.note || null };
    if (decision.outcome === 'refuse') {
      await tx
        .update(storeMerchantApplications)
        .set({ ...decided, state: 'refuse', reason: decision.reason })
        .where(eq(storeMerchantApplications.id, application.id));
      const message = await notify(tx, {
        userId: application.userId,
        kind: 'merchantResult',
        params: { status: 'refused', shopName: application.shopName, reason: decision.reason },
      });
      return { sent: message };
    }
    // One shop per owner: an application that slipped in beside an approved one is refused here.
    if ((await shopOwnedBy(tx, application.userId)) !== null) throw new DomainError('merchant.alreadySeller');
    const name = inEveryLanguage(application.shopName);
    const [shop] = await tx
      .insert(storeShops)
      .values({
        name,
        searchText: searchTextOf(name),
        logoHue: hueOf(application.shopName),
        favourableRate: '0.0',
        totalSales: '0.00',
        freightFlat: '0.00',
        ownerUserId: application.userId,
      })
      .returning({ id: storeShops.id });
    if (!shop) throw new Error('new shop insert returned no row');
    await tx
      .update(storeMerchantApplications)
      .set({ ...decided, state: 'passed', shopId: shop.id })
      .where(eq(storeMerchantApplications.id, application.id));
    const message = await notify(tx, {
      userId: application.userId,
      kind: 'merchantResult',
      params: { status: 'passed', shopName: application.shopName, shopId: String(shop.id) },
    });
    return { sent: message };
  });
  deps.messages.publish(sent);
  const [view] = await adminViews(deps.db, eq(storeMerchantApplications.id, decision.id), [], {
    limit: 1,
    offset: 0,
  });
  if (!view) throw new Error('decided application vanished');
  return view;
}
