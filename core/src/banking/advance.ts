import type { BankCode, BankOutcome } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { marketTimeOf } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { type MarketView, tradingDateOf } from '../trading/marketView.ts';
import type { BankGateway, BankTransferRequest } from './gateway.ts';
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
): Promise<Exclude<Advanced, { kind: 'waiting' }>> {
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

/** Where the bank stands on a request of ours: still working on it, or its answer. */
export type BankAnswer =
  | { kind: 'waiting' }
  | { kind: 'answered'; outcome: BankOutcome; bankReference: string | null };

/**
 * One step of any request we send the bank (a transfer, a storefront withdrawal's payout): asks
 * the bank by our reference; a request the bank does not know is submitted (again: the bank keys
 * it by our reference), or answered as refused `expired` once the bank can no longer execute it.
 * Throws BankUnavailableError when the bank is silent, for the job to retry.
 */
export async function askBank(
  gateway: BankGateway,
  request: BankTransferRequest,
  now = new Date(),
): Promise<BankAnswer> {
  let state = await gateway.query(request.reference);
  if (state.state === 'unknown') {
    if (now >= request.expiresAt) {
      return { kind: 'answered', outcome: { status: 'refused', reason: 'expired' }, bankReference: null };
    }
    state = await gateway.submit(request);
  }
  switch (state.state) {
    case 'passed':
      return { kind: 'answered', outcome: { status: 'passed' }, bankReference: state.bankReference };
    case 'refused':
      return {
        kind: 'answered',
        outcome: { status: 'refused', reason: state.reason },
        bankReference: state.bankReference,
      };
    default:
      return { kind: 'waiting' };
  }
}

/** Moves an auditing transfer on by asking the bank (askBank); its answer settles it. */
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
  const answer = await askBank(
    deps.gateway,
    {
      reference: transfer.id,
      direction: transfer.direction,
      amount: transfer.amount,
      bank: card.bank as BankCode,
      cardNumber: card.cardNumber,
      holderName: card.holderName,
      expiresAt: transfer.expiresAt,
    },
    now,
  );
  if (answer.kind === 'waiting') return answer;
  return settleAnswer(deps, transfer.id, answer.outcome, answer.bankReference, now);
}
