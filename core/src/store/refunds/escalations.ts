import { Dec, DomainError } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { notify } from '../../messages/notify.ts';
import { transition } from '../orders.ts';
import { commissionOf } from '../payouts/payouts.ts';
import { storePayouts } from '../payouts/schema.ts';
import { lockWallet, postStoreEntry, postWallet, type StoreLine, type Wallet } from '../wallet.ts';
import {
  message,
  type Outcome,
  publish,
  type RefundDeps,
  type RefundRow,
  record,
  update,
  withLockedRefund,
} from './refunds.ts';
import { unrefundedOf } from './unrefunded.ts';

/**
 * The shopper takes a refused refund to the platform, once, with a reason. The refund stays
 * refused (the order's own steps go on, its payout too) until back office rules on it.
 */
export async function escalateRefund(
  deps: RefundDeps,
  userId: string,
  input: { id: string; reason: string },
  now = new Date(),
) {
  const outcome = await withLockedRefund(deps.db, input.id, async (tx, refund, order) => {
    if (refund.userId !== userId) throw new DomainError('refund.notFound');
    if (refund.escalation) throw new DomainError('refund.alreadyEscalated');
    if (refund.state !== 'refused') throw new DomainError('refund.cannotEscalate');
    const row = await update(tx, refund.id, {
      escalation: 'open',
      escalationReason: input.reason,
      escalatedAt: now,
    });
    await record(tx, refund.id, 'escalated', 'shopper', userId, now);
    return { row, sent: await notify(tx, message(row, order.number, 'escalated')) } satisfies Outcome;
  });
  return publish(deps, outcome);
}

function openEscalation(refund: RefundRow) {
  if (refund.escalation !== 'open') {
    if (refund.escalation) throw new DomainError('refund.escalationDecided');
    throw new DomainError('refund.cannotEscalate');
  }
}

/**
 * A refund after payout: the seller gives back what the payout gave them of `amount`, the
 * platform its commission's share; if the seller's balance cannot cover their part, the platform
 * advances the rest from its commission account and the refund records it as the seller's
 * shortfall (ADR 0036). The lines sum to zero; the shopper's is `amount`.
 */
export function afterPayoutLines(
  amount: Dec,
  payout: { gross: string; commission: string },
  shopper: Wallet,
  seller: Wallet | null,
): { lines: StoreLine[]; shortfall: Dec } {
  const gross = new Dec(payout.gross);
  const commission = new Dec(payout.commission);
  const rate = gross.isZero() ? '0' : commission.dividedBy(gross).toString();
  const fee = Dec.min(commission, commissionOf(amount, rate));
  const sellerPart = amount.minus(fee);
  const covered = seller ? Dec.min(sellerPart, seller.balance) : sellerPart;
  const shortfall = seller ? sellerPart.minus(covered) : new Dec(0);
  const lines: StoreLine[] = [
    { account: 'storeBalance', amount, wallet: shopper },
    { account: 'storeCommission', amount: fee.plus(shortfall).negated() },
    seller
      ? { account: 'storeBalance', amount: covered.negated(), wallet: seller }
      : { account: 'storePlatformSales', amount: sellerPart.negated() },
  ];
  return { lines: lines.filter((l) => !l.amount.isZero()), shortfall };
}

/**
 * Back office overrules the shop on an open escalation: the refund executes at once, as one
 * `storeRefund` entry, from escrow while the order's money is still there, or (refund after
 * payout) from the seller's balance. The refund's row lock makes a second approval, racing or
 * retried, find it decided (409); the payout row, locked too, says whether the money left escrow.
 */
export async function approveEscalation(
  deps: RefundDeps,
  adminId: string,
  refundId: string,
  now = new Date(),
) {
  const outcome = await withLockedRefund(deps.db, refundId, async (tx, refund, order) => {
    openEscalation(refund);
    const amount = new Dec(refund.amount);
    const remaining = await unrefundedOf(tx, order);
    if (amount.gt(remaining)) throw new DomainError('refund.escalationBlocked');
    const { order: moved } = await transition(
      tx,
      order,
      amount.gte(remaining) ? 'overruleRefund' : 'overrulePartRefund',
      now,
    );
    const [payout] = await tx
      .select()
      .from(storePayouts)
      .where(eq(storePayouts.orderId, order.id))
      .for('update');
    const shopper = await lockWallet(tx, refund.userId);
    let source: 'escrow' | 'seller' = 'escrow';
    let shortfall = new Dec(0);
    let entryId: string;
    if (payout?.paidAt && payout.gross !== null && payout.commission !== null) {
      source = 'seller';
      const seller = payout.ownerUserId ? await lockWallet(tx, payout.ownerUserId) : null;
      const planned = afterPayoutLines(
        amount,
        { gross: payout.gross, commission: payout.commission },
        shopper,
        seller,
      );
      shortfall = planned.shortfall;
      entryId = await postStoreEntry(tx, { kind: 'storeRefund', userId: refund.userId, now }, planned.lines);
    } else {
      entryId = await postWallet(tx, shopper, 'storeRefund', 'storeEscrow', 'storeBalance', amount, now);
    }
    const row = await update(tx, refund.id, {
      state: 'refunded',
      source,
      sellerShortfall: shortfall.isZero() ? null : shortfall.toFixed(2),
      entryId,
      executedAt: now,
      dueAt: null,
      escalation: 'approved',
      escalationDecidedBy: adminId,
      escalationDecidedAt: now,
    });
    await record(tx, refund.id, 'escalationApproved', 'admin', adminId, now);
    await record(tx, refund.id, 'refunded', 'admin', adminId, now);
    return {
      row,
      sent: await notify(tx, message(row, moved.number, 'escalationApproved')),
    } satisfies Outcome;
  });
  return publish(deps, outcome);
}

/** Back office upholds the shop's refusal on an open escalation, with its reason; once. */
export async function upholdRefusal(
  deps: RefundDeps,
  adminId: string,
  input: { id: string; note: string },
  now = new Date(),
) {
  const outcome = await withLockedRefund(deps.db, input.id, async (tx, refund, order) => {
    openEscalation(refund);
    const row = await update(tx, refund.id, {
      escalation: 'upheld',
      escalationNote: input.note,
      escalationDecidedBy: adminId,
      escalationDecidedAt: now,
    });
    await record(tx, refund.id, 'escalationUpheld', 'admin', adminId, now);
    return { row, sent: await notify(tx, message(row, order.number, 'escalationUpheld')) } satisfies Outcome;
  });
  return publish(deps, outcome);
}
