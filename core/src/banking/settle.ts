import { type BankOutcome, cardTail, Dec, toMoneyString } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { type Line, lockUserCash, post, type UserCash } from '../ledger/ledger.ts';
import { stampMarketTime } from '../market/marketClock.ts';
import { type MessagePublisher, notify, type SentMessage } from '../messages/index.ts';
import type { Db } from '../platform/database.ts';
import { newOutbox } from '../trading/execution.ts';
import type { UserEventsPublisher } from '../trading/userEventsPublisher.ts';
import { bankCards, bankTransfers } from './schema.ts';
import type { TransferRow } from './transfers.ts';

export interface Settlement {
  transfer: TransferRow;
  /** The user's cash after the entry; null for a refused transfer in, which moved nothing. */
  cash: UserCash | null;
  sent: SentMessage;
}

/** The entry that settles a transfer: in → a deposit; out → a withdrawal of the frozen cash, or its release. */
function settlingEntry(
  transfer: TransferRow,
  outcome: BankOutcome,
): { kind: 'deposit' | 'withdrawal' | 'release'; lines: Line[] } | null {
  const amount = new Dec(transfer.amount);
  if (transfer.direction === 'in') {
    if (outcome.status === 'refused') return null;
    return {
      kind: 'deposit',
      lines: [
        { account: 'external', amount: amount.negated() },
        { account: 'available', amount },
      ],
    };
  }
  return outcome.status === 'passed'
    ? {
        kind: 'withdrawal',
        lines: [
          { account: 'frozen', amount: amount.negated() },
          { account: 'external', amount },
        ],
      }
    : {
        kind: 'release',
        lines: [
          { account: 'frozen', amount: amount.negated() },
          { account: 'available', amount },
        ],
      };
}

/**
 * Records the bank's answer and moves the money, in one transaction. Only an auditing transfer
 * changes (UPDATE … WHERE status = 'auditing'), so a second callback, a retried job or a worker
 * that answers after another has finished finds nothing to do and answers null.
 */
export async function settleTransfer(
  db: Db,
  transferId: string,
  answer: {
    outcome: BankOutcome;
    bankReference: string | null;
    tradingDate: string;
    /** Market time of the settlement: the money log's time for its entry (the transfer keeps real time). */
    marketAt?: number;
  },
  now = new Date(),
): Promise<Settlement | null> {
  const { outcome } = answer;
  return db.transaction(async (tx) => {
    await stampMarketTime(tx, answer.marketAt ?? now.getTime());
    const [settled] = await tx
      .update(bankTransfers)
      .set({
        status: outcome.status,
        refusalReason: outcome.status === 'refused' ? outcome.reason : null,
        bankReference: answer.bankReference,
        settledAt: now,
      })
      .where(and(eq(bankTransfers.id, transferId), eq(bankTransfers.status, 'auditing')))
      .returning();
    if (!settled) return null;
    let transfer = settled;
    let cash: UserCash | null = null;
    const entry = settlingEntry(settled, outcome);
    if (entry) {
      cash = await lockUserCash(tx, settled.userId);
      const settleEntryId = await post(
        tx,
        cash,
        { kind: entry.kind, tradingDate: answer.tradingDate },
        entry.lines,
      );
      [transfer = settled] = await tx
        .update(bankTransfers)
        .set({ settleEntryId })
        .where(eq(bankTransfers.id, settled.id))
        .returning();
    }
    const [card] = await tx
      .select({ bank: bankCards.bank, cardNumber: bankCards.cardNumber })
      .from(bankCards)
      .where(eq(bankCards.id, settled.cardId));
    if (!card) throw new Error(`transfer ${settled.id} has no card`);
    const sent = await notify(tx, {
      userId: settled.userId,
      kind: 'transferResult',
      // The bank's code: the client names it in the reader's language.
      params: {
        direction: settled.direction,
        status: outcome.status,
        amount: toMoneyString(settled.amount),
        bankName: card.bank,
        cardTail: cardTail(card.cardNumber),
      },
    });
    return { transfer, cash, sent };
  });
}

/** Tells the user, once committed: the transfer's message, and the new balance when cash moved. */
export function publishSettlement(
  settlement: Settlement,
  tradingDate: string,
  publishers: { messages: MessagePublisher; events: UserEventsPublisher },
): void {
  publishers.messages.publish(settlement.sent);
  if (settlement.cash) {
    publishers.events.publish({
      ...newOutbox(settlement.transfer.userId, tradingDate),
      cash: settlement.cash,
    });
  }
}
