import {
  type BankCode,
  cardTail,
  Dec,
  DomainError,
  MAX_TRANSFER_AMOUNT,
  type TransferRequest,
  type TransferView,
  toMoneyString,
} from '@bourse/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { checkPayPassword, requireVerifiedUser } from '../identity/index.ts';
import { lockUserCash, post, type UserCash, withdrawable } from '../ledger/ledger.ts';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { requestHash, sameRequest } from '../platform/idempotency.ts';
import { logger } from '../platform/logger.ts';
import { newOutbox } from '../trading/execution.ts';
import { tradingDateOf } from '../trading/marketView.ts';
import type { BankingDeps } from './bankingDeps.ts';
import { lockCard } from './cards.ts';
import { bankCards, bankTransfers } from './schema.ts';
import { enqueueAdvance } from './transferQueue.ts';

export type TransferRow = typeof bankTransfers.$inferSelect;

export function transferView(row: TransferRow, card: { bank: string; cardNumber: string }): TransferView {
  return {
    id: row.id,
    direction: row.direction,
    amount: toMoneyString(row.amount),
    status: row.status,
    refusalReason: row.refusalReason,
    bank: card.bank as BankCode,
    cardTail: cardTail(card.cardNumber),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

const withCard = { transfer: bankTransfers, bank: bankCards.bank, cardNumber: bankCards.cardNumber };

async function viewOf(db: Db, where: SQL | undefined): Promise<TransferView | undefined> {
  const [row] = await db
    .select(withCard)
    .from(bankTransfers)
    .innerJoin(bankCards, eq(bankCards.id, bankTransfers.cardId))
    .where(where);
  return row && transferView(row.transfer, row);
}

/** What "the same request" means for a key: the payment password is left out, never stored in any form. */
const transferHash = (request: TransferRequest) =>
  requestHash([request.direction, request.cardId, new Dec(request.amount).toFixed(2)]);

async function replay(db: Db, userId: string, key: string, hash: string): Promise<TransferView | undefined> {
  const [row] = await db
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.userId, userId), eq(bankTransfers.idempotencyKey, key)));
  if (!sameRequest(row, hash)) return undefined;
  return viewOf(db, eq(bankTransfers.id, row!.id));
}

/**
 * Files a transfer for the bank: verified user, a bound card of theirs, the payment password for
 * a transfer out or when one is sent, and for a transfer out at most the withdrawable cash,
 * which is frozen in the same transaction. The advance job is added after the commit; if Redis is down then, the sweep
 * adds it later. The same Idempotency-Key and body answer the first transfer.
 */
export async function requestTransfer(
  deps: BankingDeps,
  userId: string,
  request: TransferRequest,
  idempotencyKey: string,
  now = new Date(),
): Promise<{ transfer: TransferView; replayed: boolean }> {
  const hash = transferHash(request);
  const earlier = await replay(deps.db, userId, idempotencyKey, hash);
  if (earlier) return { transfer: earlier, replayed: true };
  const amount = new Dec(request.amount);
  if (amount.gt(MAX_TRANSFER_AMOUNT))
    throw new DomainError('transfer.aboveLimit', { max: MAX_TRANSFER_AMOUNT });
  await requireVerifiedUser(deps.db, userId);
  // A transfer in needs none, but one sent (quick payment's) is checked like any entry (ADR 0025).
  if (request.direction === 'out' || request.payPassword !== undefined) {
    await checkPayPassword(deps.payPassword, userId, request.payPassword);
  }
  const status = await deps.market.status();
  const tradingDate = tradingDateOf(status, now.getTime());
  const filed = await deps.db.transaction(async (tx) => {
    // The money log shows a transfer-out's freeze in market time; the transfer itself keeps real time.
    await stampMarketTime(tx, marketTimeOf(status, now.getTime()));
    // FOR SHARE: an unbind of the card waits for this transfer and then sees it in flight.
    const card = await lockCard(tx, userId, request.cardId, 'share');
    const [row] = await tx
      .insert(bankTransfers)
      .values({
        userId,
        cardId: card.id,
        direction: request.direction,
        amount: amount.toFixed(2),
        status: 'auditing',
        expiresAt: new Date(now.getTime() + deps.requestTtlMs),
        tradingDate,
        idempotencyKey,
        requestHash: hash,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent request with the same key got there first.
    if (!row) return undefined;
    let cash: UserCash | null = null;
    if (request.direction === 'out') {
      cash = await lockUserCash(tx, userId);
      const free = withdrawable(cash, tradingDate);
      if (amount.gt(free)) {
        throw new DomainError('transfer.exceedsWithdrawable', { withdrawable: toMoneyString(free) });
      }
      const freezeEntryId = await post(tx, cash, { kind: 'freeze', tradingDate }, [
        { account: 'available', amount: amount.negated() },
        { account: 'frozen', amount },
      ]);
      await tx.update(bankTransfers).set({ freezeEntryId }).where(eq(bankTransfers.id, row.id));
    }
    return { view: transferView(row, card), cash };
  });
  if (!filed) {
    const winner = await replay(deps.db, userId, idempotencyKey, hash);
    if (!winner) throw new Error('idempotency key lost between two reads');
    return { transfer: winner, replayed: true };
  }
  if (filed.cash) deps.events.publish({ ...newOutbox(userId, tradingDate), cash: filed.cash });
  await enqueueAdvance(deps.queue, filed.view.id).catch((err: Error) =>
    logger.warn(
      { err: err.message, transfer: filed.view.id },
      'transfer: advance job not added; the sweep will',
    ),
  );
  return { transfer: filed.view, replayed: false };
}

/** A page of the user's transfers, newest first. */
export async function listTransfers(
  db: Db,
  userId: string,
  query: { direction?: 'in' | 'out'; status?: TransferRow['status']; page: number; pageSize: number },
): Promise<{ items: TransferView[]; page: number; pageSize: number; total: number }> {
  const where = and(
    eq(bankTransfers.userId, userId),
    query.direction ? eq(bankTransfers.direction, query.direction) : undefined,
    query.status ? eq(bankTransfers.status, query.status) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(withCard)
      .from(bankTransfers)
      .innerJoin(bankCards, eq(bankCards.id, bankTransfers.cardId))
      .where(where)
      .orderBy(desc(bankTransfers.createdAt), desc(bankTransfers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(bankTransfers, where),
  ]);
  return {
    items: rows.map((r) => transferView(r.transfer, r)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
