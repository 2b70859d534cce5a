import { createHash } from 'node:crypto';
import {
  type AdminTopUpView,
  Dec,
  type DepositNetworks,
  DomainError,
  type TopUpRefusalReason,
  type TopUpRequest,
  type TopUpState,
  type TopUpView,
  UNSUPPORTED_NETWORKS,
} from '@bourse/shared';
import { and, asc, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { notify } from '../../messages/notify.ts';
import type { MessagePublisher } from '../../messages/publisher.ts';
import type { Db } from '../../platform/database.ts';
import type { SniffedType } from '../../platform/fileType.ts';
import { requestHash, sameRequest } from '../../platform/idempotency.ts';
import { stripImageMetadata } from '../../platform/imageMetadata.ts';
import type { UserEventPublisher } from '../../user-channel/userEventPublisher.ts';
import { lockWallet, postWallet } from '../wallet.ts';
import { storeTopUps } from './schema.ts';

export interface TopUpDeps {
  db: Db;
  /** The supported networks in the order offered, each with the platform's deposit address. */
  depositAddresses: readonly { network: string; address: string }[];
  messages: MessagePublisher;
  /** Pushes an audited top-up to its owner's /user sockets. */
  events: UserEventPublisher<'topUp'>;
}

export interface Evidence {
  mimeType: SniffedType;
  buffer: Buffer;
}

/** Every column but the evidence, which only its own route reads. */
const { evidence: _evidence, ...listed } = getTableColumns(storeTopUps);
type TopUpRow = Omit<typeof storeTopUps.$inferSelect, 'evidence'>;

export const topUpEvidenceUrl = (id: string) => `/api/admin/topups/${id}/evidence`;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

function topUpView(row: TopUpRow): TopUpView {
  return {
    id: row.id,
    method: row.method,
    network: row.network,
    address: row.address,
    amount: new Dec(row.amount).toFixed(2),
    arrivalAmount: row.arrivalAmount === null ? null : new Dec(row.arrivalAmount).toFixed(2),
    txHash: row.txHash,
    state: row.state,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    auditedAt: iso(row.auditedAt),
  };
}

export function depositNetworks(deps: Pick<TopUpDeps, 'depositAddresses'>): DepositNetworks {
  return { networks: [...deps.depositAddresses], unsupported: [...UNSUPPORTED_NETWORKS] };
}

async function replay(db: Db, userId: string, key: string, hash: string): Promise<TopUpRow | undefined> {
  const [row] = await db
    .select(listed)
    .from(storeTopUps)
    .where(and(eq(storeTopUps.userId, userId), eq(storeTopUps.idempotencyKey, key)));
  return sameRequest(row, hash);
}

/**
 * Records a top-up for back office to audit. A blockchain top-up must name a supported network
 * and its current deposit address, and a transaction hash not yet claimed on that network (by
 * anyone, in any state). The evidence is kept without its metadata. The same Idempotency-Key
 * and request answer the first top-up again; another request under it is a 409.
 */
export async function requestTopUp(
  deps: TopUpDeps,
  userId: string,
  request: TopUpRequest,
  evidence: Evidence,
  key: string,
): Promise<{ topUp: TopUpView; replayed: boolean }> {
  const hash = requestHash(['topUp', request, createHash('sha256').update(evidence.buffer).digest('hex')]);
  const earlier = await replay(deps.db, userId, key, hash);
  if (earlier) return { topUp: topUpView(earlier), replayed: true };
  const chain =
    request.method === 'blockchain'
      ? {
          network: request.network.toUpperCase(),
          address: request.address,
          txHash: request.txHash,
        }
      : { network: null, address: null, txHash: null };
  if (chain.network !== null) {
    const deposit = deps.depositAddresses.find((d) => d.network === chain.network);
    if (!deposit) throw new DomainError('topUp.unknownNetwork');
    if (deposit.address !== chain.address) throw new DomainError('topUp.addressChanged');
  }
  const stripped = stripImageMetadata(evidence.buffer, evidence.mimeType);
  if (!stripped) throw new DomainError('topUp.evidenceBadType');

  const done = await deps.db.transaction(async (tx) => {
    // The wallet's row lock makes one user's requests take turns: the key's second request
    // waits here and then finds the first.
    await lockWallet(tx, userId);
    const raced = await replay(tx, userId, key, hash);
    if (raced) return { row: raced, replayed: true };
    const [row] = await tx
      .insert(storeTopUps)
      .values({
        userId,
        method: request.method,
        ...chain,
        amount: request.amount,
        evidence: stripped,
        evidenceType: evidence.mimeType,
        idempotencyKey: key,
        requestHash: hash,
      })
      // The key is free (checked under the lock), so a conflict is the hash's unique index.
      .onConflictDoNothing()
      .returning(listed);
    if (!row) throw new DomainError('topUp.duplicateHash');
    return { row, replayed: false };
  });
  return { topUp: topUpView(done.row), replayed: done.replayed };
}

export async function topUpsOf(
  db: Db,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const where = eq(storeTopUps.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select(listed)
      .from(storeTopUps)
      .where(where)
      .orderBy(desc(storeTopUps.createdAt), desc(storeTopUps.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(storeTopUps, where),
  ]);
  return { items: rows.map(topUpView), page, pageSize, total };
}

const auditor = alias(users, 'auditor');

/** Top-ups as back office sees them, without loading their evidence. */
async function adminViews(
  db: Db,
  where: SQL,
  order: SQL[],
  { limit, offset }: { limit: number; offset: number },
): Promise<AdminTopUpView[]> {
  const rows = await db
    .select({ ...listed, account: users.account, auditedByAccount: auditor.account })
    .from(storeTopUps)
    .innerJoin(users, eq(users.id, storeTopUps.userId))
    .leftJoin(auditor, eq(auditor.id, storeTopUps.auditedBy))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ account, auditedByAccount, ...row }) => ({
    ...topUpView(row),
    account,
    evidenceUrl: topUpEvidenceUrl(row.id),
    auditedBy: auditedByAccount,
  }));
}

/** One state's top-ups for back office: the oldest first while they wait, the newest first after. */
export async function topUpsInState(
  db: Db,
  { state, page, pageSize }: { state: TopUpState; page: number; pageSize: number },
) {
  const where = eq(storeTopUps.state, state);
  const order =
    state === 'auditing'
      ? [asc(storeTopUps.createdAt), asc(storeTopUps.id)]
      : [desc(storeTopUps.auditedAt), desc(storeTopUps.id)];
  const [items, total] = await Promise.all([
    adminViews(db, where, order, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.$count(storeTopUps, where),
  ]);
  return { items, page, pageSize, total };
}

export async function topUpEvidence(db: Db, id: string) {
  const [row] = await db
    .select({ content: storeTopUps.evidence, mimeType: storeTopUps.evidenceType })
    .from(storeTopUps)
    .where(eq(storeTopUps.id, id));
  return row;
}

export type TopUpAudit =
  | { outcome: 'pass'; id: string; arrivalAmount: string; note?: string }
  | { outcome: 'refuse'; id: string; reason: TopUpRefusalReason; note?: string };

/**
 * Back office's audit of one top-up, once: in one transaction the top-up's row is locked and
 * must still be auditing (a second audit, concurrent or later, waits on the lock, then finds it
 * audited: 409), then passing credits the amount that actually arrived to the user's balance
 * in one ledger entry. The audit records who did it and when, and the user's message is stored
 * with it; the message and the live `topUp` event go out once it has committed.
 */
export async function auditTopUp(
  deps: TopUpDeps,
  adminId: string,
  audit: TopUpAudit,
  now = new Date(),
): Promise<AdminTopUpView> {
  const { row, sent } = await deps.db.transaction(async (tx) => {
    const [topUp] = await tx
      .select(listed)
      .from(storeTopUps)
      .where(eq(storeTopUps.id, audit.id))
      .for('update');
    if (!topUp) throw new DomainError('topUp.notFound');
    if (topUp.state !== 'auditing') throw new DomainError('topUp.alreadyAudited');
    const decided = { auditedBy: adminId, auditedAt: now, note: audit.note || null };
    let changes: Partial<TopUpRow>;
    if (audit.outcome === 'pass') {
      const arrival = new Dec(audit.arrivalAmount);
      const wallet = await lockWallet(tx, topUp.userId);
      const entryId = await postWallet(
        tx,
        wallet,
        'storeTopUp',
        'storeExternal',
        'storeBalance',
        arrival,
        now,
      );
      changes = { ...decided, state: 'passed', arrivalAmount: arrival.toFixed(2), entryId };
    } else {
      changes = { ...decided, state: 'refuse', reason: audit.reason };
    }
    const [updated] = await tx
      .update(storeTopUps)
      .set(changes)
      .where(eq(storeTopUps.id, topUp.id))
      .returning(listed);
    if (!updated) throw new Error('audited top-up vanished');
    const message = await notify(tx, {
      userId: topUp.userId,
      kind: 'topUpResult',
      params:
        audit.outcome === 'pass'
          ? {
              method: topUp.method,
              status: 'passed',
              amount: updated.amount,
              arrivalAmount: updated.arrivalAmount ?? undefined,
            }
          : { method: topUp.method, status: 'refused', amount: updated.amount, reason: audit.reason },
    });
    return { row: updated, sent: message };
  });
  deps.messages.publish(sent);
  deps.events.publish(row.userId, topUpView(row));
  const [view] = await adminViews(deps.db, eq(storeTopUps.id, row.id), [], { limit: 1, offset: 0 });
  if (!view) throw new Error('audited top-up vanished');
  return view;
}
