import type { BankCode, BankOutcome } from '@bourse/shared';
import { and, asc, eq } from 'drizzle-orm';
import { askBank } from '../../banking/advance.ts';
import type { BankGateway } from '../../banking/gateway.ts';
import { bankCards } from '../../banking/schema.ts';
import type { MessagePublisher, SentMessage } from '../../messages/index.ts';
import type { Db } from '../../platform/database.ts';
import type { UserEventPublisher } from '../../user-channel/userEventPublisher.ts';
import { storeWithdrawals } from './schema.ts';
import { endWithdrawal, type WithdrawalRow, withdrawalView } from './withdrawals.ts';

/**
 * The bank leg of a withdrawal back office passed (`paying`): an outgoing transfer of its amount
 * to its card, sent through the bank gateway under the withdrawal's id, exactly as a bank
 * transfer is (askBank). The bank's answer, by callback or by asking, ends it once.
 */

export interface PayoutSettlement {
  row: WithdrawalRow;
  sent: SentMessage;
}

export type PayoutStep =
  | { kind: 'finished' }
  | { kind: 'waiting' }
  | { kind: 'settled'; settlement: PayoutSettlement };

/**
 * Records the bank's answer about a paying withdrawal and moves its money, in one transaction:
 * its row is locked and must still be paying, so a second callback, a retried job or a worker
 * that answers after another has finished finds nothing to do and answers null. Paid → `passed`
 * (the payout and the charge); refused → `refuse` with the bank's reason, the money released.
 */
export async function settleWithdrawalPayout(
  db: Db,
  withdrawalId: string,
  answer: { outcome: BankOutcome; bankReference: string | null },
  now = new Date(),
): Promise<PayoutSettlement | null> {
  return db.transaction(async (tx) => {
    const [withdrawal] = await tx
      .select()
      .from(storeWithdrawals)
      .where(and(eq(storeWithdrawals.id, withdrawalId), eq(storeWithdrawals.state, 'paying')))
      .for('update');
    if (!withdrawal) return null;
    const { outcome } = answer;
    return endWithdrawal(
      tx,
      withdrawal,
      outcome.status === 'passed' ? outcome : { status: 'refused', reason: outcome.reason },
      { bankReference: answer.bankReference, settledAt: now },
      now,
    );
  });
}

/** Asks the bank where a paying withdrawal stands (submitting it if the bank does not know it) and settles its answer. */
export async function advanceWithdrawalPayout(
  deps: { db: Db; gateway: BankGateway },
  withdrawalId: string,
  now = new Date(),
): Promise<PayoutStep> {
  const [row] = await deps.db
    .select({ withdrawal: storeWithdrawals, cardNumber: bankCards.cardNumber })
    .from(storeWithdrawals)
    .innerJoin(bankCards, eq(bankCards.id, storeWithdrawals.cardId))
    .where(eq(storeWithdrawals.id, withdrawalId));
  const expiresAt = row?.withdrawal.bankExpiresAt;
  if (row?.withdrawal.state !== 'paying' || !expiresAt) return { kind: 'finished' };
  const { withdrawal } = row;
  const answer = await askBank(
    deps.gateway,
    {
      reference: withdrawal.id,
      direction: 'out',
      amount: withdrawal.amount,
      bank: withdrawal.bank as BankCode,
      cardNumber: row.cardNumber,
      holderName: withdrawal.holderName,
      expiresAt,
    },
    now,
  );
  if (answer.kind === 'waiting') return answer;
  const settlement = await settleWithdrawalPayout(deps.db, withdrawal.id, answer, now);
  return settlement ? { kind: 'settled', settlement } : { kind: 'finished' };
}

/** Tells the user, once committed: the paid or declined message, and the withdrawal's new state live. */
export function publishWithdrawalPayout(
  settlement: PayoutSettlement,
  publishers: { messages: MessagePublisher; events: UserEventPublisher<'withdrawal'> },
): void {
  publishers.messages.publish(settlement.sent);
  publishers.events.publish(settlement.row.userId, withdrawalView(settlement.row));
}

/** Every withdrawal the bank has not yet answered, oldest pass first: what the workers' sweep re-enqueues. */
export async function payingWithdrawalIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: storeWithdrawals.id })
    .from(storeWithdrawals)
    .where(eq(storeWithdrawals.state, 'paying'))
    .orderBy(asc(storeWithdrawals.auditedAt));
  return rows.map((r) => r.id);
}
