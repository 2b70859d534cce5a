import type { BankCode, BankOutcome } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { marketTimeOf } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { type MarketView, tradingDateOf } from '../trading/marketView.ts';
import type { BankGateway } from './gateway.ts';
import { bankCards, bankTransfers } from './schema.ts';
import { type Settlement, settleTransfer } from './settle.ts';

export interface AdvanceDeps {
  db: Db;
  gateway: BankGateway;
  market: MarketView;
}

export type Advanced =
  /** Nothing to do: no such transfer, or it was settled already. */
  | { kind: 'finished' }
  /** The bank has it and will answer; look again later. */
  | { kind: 'waiting' }
  | { kind: 'settled'; settlement: Settlement; tradingDate: string };

/** Settles with the bank's answer at the market's trading date now; see settleTransfer. */
export async function settleAnswer(
  deps: Omit<AdvanceDeps, 'gateway'>,
  transferId: string,
  outcome: BankOutcome,
  bankReference: string | null,
  now = new Date(),
): Promise<Advanced> {
  const status = await deps.market.status();
  const tradingDate = tradingDateOf(status, now.getTime());
  const marketAt = marketTimeOf(status, now.getTime());
  const settlement = await settleTransfer(
    deps.db,
    transferId,
    { outcome, bankReference, tradingDate, marketAt },
    now,
  );
  return settlement ? { kind: 'settled', settlement, tradingDate } : { kind: 'finished' };
}

/**
 * Moves an auditing transfer on by asking the bank: an answer settles it; a transfer the bank
 * does not know is submitted (again: the bank keys it by our reference), or refused as expired
 * once the bank can no longer execute it. Throws BankUnavailableError when the bank is silent,
 * for the job to retry.
 */
export async function advanceTransfer(
  deps: AdvanceDeps,
  transferId: string,
  now = new Date(),
): Promise<Advanced> {
  const [row] = await deps.db
    .select({ transfer: bankTransfers, card: bankCards })
    .from(bankTransfers)
    .innerJoin(bankCards, eq(bankCards.id, bankTransfers.cardId))
    .where(eq(bankTransfers.id, transferId));
  if (row?.transfer.status !== 'auditing') return { kind: 'finished' };
  const { transfer, card } = row;
  let state = await deps.gateway.query(transfer.id);
  if (state.state === 'unknown') {
    if (now >= transfer.expiresAt) {
      return settleAnswer(deps, transfer.id, { status: 'refused', reason: 'expired' }, null, now);
    }
    state = await deps.gateway.submit({
      reference: transfer.id,
      direction: transfer.direction,
      amount: transfer.amount,
      bank: card.bank as BankCode,
      cardNumber: card.cardNumber,
      holderName: card.holderName,
      expiresAt: transfer.expiresAt,
    });
  }
  switch (state.state) {
    case 'passed':
      return settleAnswer(deps, transfer.id, { status: 'passed' }, state.bankReference, now);
    case 'refused':
      return settleAnswer(
        deps,
        transfer.id,
        { status: 'refused', reason: state.reason },
        state.bankReference,
        now,
      );
    default:
      return { kind: 'waiting' };
  }
}
