import {
  type AdminWithdrawalView,
  type BankCode,
  cardTail,
  Dec,
  DomainError,
  maskCardNumber,
  type WithdrawalAuditRefusal,
  type WithdrawalChargeRule,
  type WithdrawalRefusalReason,
  type WithdrawalRequest,
  type WithdrawalState,
  type WithdrawalTerms,
  type WithdrawalView,
  withdrawalCharge,
} from '@bourse/shared';
import type { Queue } from 'bullmq';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { lockCard } from '../../banking/cards.ts';
import { enqueueAdvance } from '../../banking/transferQueue.ts';
import { checkPayPassword, type PayPasswordContext, requireVerifiedUser } from '../../identity/index.ts';
import { notify, type SentMessage } from '../../messages/notify.ts';
import type { MessagePublisher } from '../../messages/publisher.ts';
import type { Db } from '../../platform/database.ts';
import { requestHash, sameRequest } from '../../platform/idempotency.ts';
import { logger } from '../../platform/logger.ts';
import { pageOf } from '../../trading/paging.ts';
import type { UserEventPublisher } from '../../user-channel/userEventPublisher.ts';
import { lockWallet, postWallet, readWallet } from '../wallet.ts';
import { storeWithdrawals } from './schema.ts';

export interface WithdrawalDeps {
  db: Db;
  /** The service charge rule (STORE_WITHDRAWAL_CHARGE_RATE, STORE_WITHDRAWAL_CHARGE_MIN). */
  charge: WithdrawalChargeRule;
  payPassword: PayPasswordContext;
  messages: MessagePublisher;
  /** Pushes an audited withdrawal to its owner's /user sockets. */
  events: UserEventPublisher<'withdrawal'>;
  /** The payout queue (BANK_QUEUES.withdrawalPayouts): a passed withdrawal's job asks the bank. */
  payouts: Queue;
  /** How long the bank may take to receive a payout: after it, the bank refuses to execute it. */
  requestTtlMs: number;
}

export type WithdrawalRow = typeof storeWithdrawals.$inferSelect;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function withdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    type: 'bankCard',
    amount: new Dec(row.amount).toFixed(2),
    serviceCharge: new Dec(row.serviceCharge).toFixed(2),
    bank: row.bank as BankCode,
    cardMasked: row.cardMasked,
    holderName: row.holderName,
    state: row.state,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    auditedAt: iso(row.auditedAt),
    settledAt: iso(row.settledAt),
  };
}

export async function withdrawalTerms(deps: WithdrawalDeps, userId: string): Promise<WithdrawalTerms> {
  const { available } = await readWallet(deps.db, userId);
  return { available: available.toFixed(2), charge: { ...deps.charge } };
}

async function replay(db: Db, userId: string, key: string, hash: string) {
  const [row] = await db
    .select()
    .from(storeWithdrawals)
    .where(and(eq(storeWithdrawals.userId, userId), eq(storeWithdrawals.idempotencyKey, key)));
  return sameRequest(row, hash);
}

/**
 * Files a withdrawal: a verified user, a bound card of theirs (in their verified name: cards
 * are bound only so), the payment password (with its attempt limit), then freezeWithdrawal.
 * The same Idempotency-Key and request answer the first withdrawal again; another is a 409.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  request: WithdrawalRequest,
  key: string,
  now = new Date(),
): Promise<{ withdrawal: WithdrawalView; replayed: boolean }> {
  const earlier = await replay(deps.db, userId, key, withdrawalHash(request));
  if (earlier) return { withdrawal: withdrawalView(earlier), replayed: true };
  await requireVerifiedUser(deps.db, userId);
  await checkPayPassword(deps.payPassword, userId, request.payPassword);
  return freezeWithdrawal(deps, userId, request, key, now);
}

/** What "the same request" means for a key: the payment password is left out, never stored in any form. */
const withdrawalHash = (request: WithdrawalRequest) =>
  requestHash(['withdrawal', request.cardId, new Dec(request.amount).toFixed(2)]);

/**
 * The withdrawal's money, once the user is through the gate: under the wallet's lock, the
 * amount and its charge must fit in the available balance and move to frozen in one entry,
 * so concurrent requests take turns and never overdraw.
 */
export async function freezeWithdrawal(
  deps: Pick<WithdrawalDeps, 'db' | 'charge'>,
  userId: string,
  request: WithdrawalRequest,
  key: string,
  now = new Date(),
): Promise<{ withdrawal: WithdrawalView; replayed: boolean }> {
  const hash = withdrawalHash(request);
  const amount = new Dec(request.amount);
  const charge = withdrawalCharge(amount, deps.charge);
  const done = await deps.db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, userId, { withFrozen: true });
    const raced = await replay(tx, userId, key, hash);
    if (raced) return { row: raced, replayed: true };
    const card = await lockCard(tx, userId, request.cardId, 'share');
    const total = amount.plus(charge);
    if (total.gt(wallet.balance)) throw new DomainError('withdrawal.overBalance');
    const freezeEntryId = await postWallet(
      tx,
      wallet,
      'storeWithdrawalFreeze',
      'storeBalance',
      'storeFrozen',
      total,
      now,
    );
    const [row] = await tx
      .insert(storeWithdrawals)
      .values({
        userId,
        cardId: card.id,
        bank: card.bank,
        cardMasked: maskCardNumber(card.cardNumber),
        cardTail: cardTail(card.cardNumber),
        holderName: card.holderName,
        amount: amount.toFixed(2),
        serviceCharge: charge.toFixed(2),
        freezeEntryId,
        idempotencyKey: key,
        requestHash: hash,
        createdAt: now,
      })
      .returning();
    return { row: row!, replayed: false };
  });
  return { withdrawal: withdrawalView(done.row), replayed: done.replayed };
}

export function withdrawalsOf(db: Db, userId: string, paging: { page: number; pageSize: number }) {
  return pageOf(
    db,
    storeWithdrawals,
    eq(storeWithdrawals.userId, userId),
    [desc(storeWithdrawals.createdAt), desc(storeWithdrawals.id)],
    paging,
    withdrawalView,
  );
}

const auditor = alias(users, 'auditor');

async function adminViews(
  db: Db,
  where: SQL,
  order: SQL[],
  { limit, offset }: { limit: number; offset: number },
): Promise<AdminWithdrawalView[]> {
  const rows = await db
    .select({ row: storeWithdrawals, account: users.account, auditedBy: auditor.account })
    .from(storeWithdrawals)
    .innerJoin(users, eq(users.id, storeWithdrawals.userId))
    .leftJoin(auditor, eq(auditor.id, storeWithdrawals.auditedBy))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ row, account, auditedBy }) => ({ ...withdrawalView(row), account, auditedBy }));
}

/** One state's withdrawals for back office: the oldest first while they wait, the newest first after. */
export async function withdrawalsInState(
  db: Db,
  { state, page, pageSize }: { state: WithdrawalState; page: number; pageSize: number },
) {
  const where = eq(storeWithdrawals.state, state);
  const order =
    state === 'auditing'
      ? [asc(storeWithdrawals.createdAt), asc(storeWithdrawals.id)]
      : [desc(storeWithdrawals.auditedAt), desc(storeWithdrawals.id)];
  const [items, total] = await Promise.all([
    adminViews(db, where, order, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.$count(storeWithdrawals, where),
  ]);
  return { items, page, pageSize, total };
}

export type WithdrawalAudit =
  | { outcome: 'pass'; id: string; note?: string }
  | { outcome: 'refuse'; id: string; reason: WithdrawalAuditRefusal; note?: string };

/** How a withdrawal's frozen money ends: paid out by the bank, or released for a reason (back office's or the bank's). */
export type WithdrawalEnd = { status: 'passed' } | { status: 'refused'; reason: WithdrawalRefusalReason };

/**
 * Ends a withdrawal's frozen money in the caller's transaction, on its row locked FOR UPDATE:
 * paid moves the amount to `storeExternal` and keeps the charge in `storeFees`; refused
 * releases both back to the available balance. The row takes `changes`, its new state and the
 * entries' ids; the user's message is stored with it (publish it after commit).
 */
export async function endWithdrawal(
  tx: Db,
  withdrawal: WithdrawalRow,
  end: WithdrawalEnd,
  changes: Partial<WithdrawalRow>,
  now: Date,
): Promise<{ row: WithdrawalRow; sent: SentMessage }> {
  const wallet = await lockWallet(tx, withdrawal.userId, { withFrozen: true });
  const amount = new Dec(withdrawal.amount);
  const charge = new Dec(withdrawal.serviceCharge);
  let money: Partial<WithdrawalRow>;
  if (end.status === 'passed') {
    const settleEntryId = await postWallet(
      tx,
      wallet,
      'storeWithdrawal',
      'storeFrozen',
      'storeExternal',
      amount,
      now,
    );
    const chargeEntryId = charge.isZero()
      ? null
      : await postWallet(tx, wallet, 'storeServiceCharge', 'storeFrozen', 'storeFees', charge, now);
    money = { state: 'passed', settleEntryId, chargeEntryId };
  } else {
    const settleEntryId = await postWallet(
      tx,
      wallet,
      'storeWithdrawalRelease',
      'storeFrozen',
      'storeBalance',
      amount.plus(charge),
      now,
    );
    money = { state: 'refuse', reason: end.reason, settleEntryId };
  }
  const [row] = await tx
    .update(storeWithdrawals)
    .set({ ...changes, ...money })
    .where(eq(storeWithdrawals.id, withdrawal.id))
    .returning();
  if (!row) throw new Error('withdrawal vanished while ending');
  const sent = await notify(tx, {
    userId: row.userId,
    kind: 'withdrawalResult',
    params: {
      status: end.status,
      amount: row.amount,
      cardTail: row.cardTail,
      ...(end.status === 'refused' && { reason: end.reason }),
    },
  });
  return { row, sent };
}

/**
 * Back office's audit of one withdrawal, once: its row is locked and must still be auditing (a
 * second audit waits on the lock, then finds it audited: 409). Refusing releases the amount and
 * its charge (endWithdrawal) with the user's message, in that transaction. Passing hands it to
 * the bank: `paying`, the money still frozen, the bank's request lapsing `requestTtlMs` from
 * now; after commit its payout job is added (the sweep adds it if Redis is down), and the bank's
 * answer ends it (payout.ts). The live `withdrawal` event goes out after commit either way.
 */
export async function auditWithdrawal(
  deps: Pick<WithdrawalDeps, 'db' | 'messages' | 'events' | 'payouts' | 'requestTtlMs'>,
  adminId: string,
  audit: WithdrawalAudit,
  now = new Date(),
): Promise<AdminWithdrawalView> {
  const { row, sent } = await deps.db.transaction(async (tx) => {
    const [withdrawal] = await tx
      .select()
      .from(storeWithdrawals)
      .where(eq(storeWithdrawals.id, audit.id))
      .for('update');
    if (!withdrawal) throw new DomainError('withdrawal.notFound');
    if (withdrawal.state !== 'auditing') throw new DomainError('withdrawal.alreadyAudited');
    const decided = { auditedBy: adminId, auditedAt: now, note: audit.note || null };
    if (audit.outcome === 'refuse') {
      return endWithdrawal(tx, withdrawal, { status: 'refused', reason: audit.reason }, decided, now);
    }
    const [paying] = await tx
      .update(storeWithdrawals)
      .set({ ...decided, state: 'paying', bankExpiresAt: new Date(now.getTime() + deps.requestTtlMs) })
      .where(eq(storeWithdrawals.id, withdrawal.id))
      .returning();
    if (!paying) throw new Error('audited withdrawal vanished');
    return { row: paying, sent: null };
  });
  if (sent) deps.messages.publish(sent);
  deps.events.publish(row.userId, withdrawalView(row));
  if (row.state === 'paying') {
    await enqueueAdvance(deps.payouts, row.id).catch((err: Error) =>
      logger.warn(
        { err: err.message, withdrawal: row.id },
        'withdrawal: payout job not added; the sweep will',
      ),
    );
  }
  const [view] = await adminViews(deps.db, eq(storeWithdrawals.id, row.id), [], { limit: 1, offset: 0 });
  if (!view) throw new Error('audited withdrawal vanished');
  return view;
}
