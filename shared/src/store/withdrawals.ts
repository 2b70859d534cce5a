import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { BANK_CODES } from '../banking/bankBins.ts';
import { pageQuery, pageResponse } from '../contracts/paging.ts';
import { Dec, isDecimalString } from '../money.ts';

/**
 * Withdrawals from the storefront balance to a bound bank card (issue 14 §3, the spec's
 * Withdrawal): the amount and its service charge are frozen on request and wait for back
 * office, which refuses them with a reason (both are released back to the available balance)
 * or passes them to the bank (`paying`, still frozen). The bank's answer settles a paying
 * withdrawal: paid (`passed`: the amount is paid out, the charge kept) or declined (`refuse`
 * with the bank's reason, released as back office's refusal is).
 */

/** The spec's audit states, with its words (the same as a top-up's), and `paying` while the bank has it. */
export const WITHDRAWAL_STATES = ['auditing', 'paying', 'passed', 'refuse'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
/** Why back office refused a withdrawal; the client words each one. */
export const WITHDRAWAL_AUDIT_REFUSALS = ['cardProblem', 'riskReview', 'other'] as const;
export type WithdrawalAuditRefusal = (typeof WITHDRAWAL_AUDIT_REFUSALS)[number];
/**
 * The bank's reasons: TRANSFER_REFUSAL_REASONS, spelled again because contracts/banking.ts
 * imports this file through messages (core's settleWithdrawalPayout fails to compile if they part).
 */
const BANK_REFUSALS = ['declined', 'expired'] as const;
/** Why a refused withdrawal was refused: back office's reasons, or the bank's. */
export const WITHDRAWAL_REFUSAL_REASONS = [...WITHDRAWAL_AUDIT_REFUSALS, ...BANK_REFUSALS] as const;
export type WithdrawalRefusalReason = (typeof WITHDRAWAL_REFUSAL_REASONS)[number];
export const MAX_WITHDRAWAL_NOTE = 200;

/** The service charge rule: `rate` of the amount (a fraction, e.g. "0.01"), at least `minimum` USD. */
export interface WithdrawalChargeRule {
  rate: string;
  minimum: string;
}

/** The charge on `amount`: the rate's share rounded up to the cent, never below the minimum. */
export function withdrawalCharge(amount: Dec | string, rule: WithdrawalChargeRule): Dec {
  const share = new Dec(amount).times(rule.rate).toDecimalPlaces(2, Dec.ROUND_UP);
  return Dec.max(share, rule.minimum);
}

/**
 * Draw all: the largest amount whose charge still fits beside it in `available`, or zero when
 * not even a cent does.
 */
export function drawAllAmount(available: Dec | string, rule: WithdrawalChargeRule): Dec {
  const balance = new Dec(available);
  const fits = (amount: Dec) => amount.gt(0) && amount.plus(withdrawalCharge(amount, rule)).lte(balance);
  // Where the minimum applies the answer is balance − minimum; past it, about balance / (1 + rate).
  const candidates = [
    balance.minus(rule.minimum),
    balance.div(new Dec(1).plus(rule.rate)).toDecimalPlaces(2, Dec.ROUND_DOWN),
  ];
  let best = new Dec(0);
  for (let amount of candidates) {
    // Rounding the charge up can overshoot by a cent or two.
    for (let step = 0; step < 3 && amount.gt(0) && !fits(amount); step++) amount = amount.minus('0.01');
    if (fits(amount) && amount.gt(best)) best = amount;
  }
  return best;
}

/**
 * The amount as the spec checks it: not empty, more than 0 (its message), at most two decimals.
 * Whether it fits the balance is the server's check, under the wallet's lock.
 */
export const withdrawalAmount = z
  .string({ message: 'withdrawal.amountNotPositive' })
  .trim()
  .refine((v) => isDecimalString(v) && new Dec(v).gt(0), { message: 'withdrawal.amountNotPositive' })
  .refine((v) => !isDecimalString(v) || (new Dec(v).decimalPlaces() <= 2 && new Dec(v).lte('1000000')), {
    message: 'withdrawal.badAmount',
  });

export const withdrawalBody = z.object({
  cardId: z.uuid({ message: 'bank.cardNotFound' }),
  amount: withdrawalAmount,
  /** Checked, never stored; left out of what "the same request" means for the Idempotency-Key. */
  payPassword: z.string().optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalBody>;

export const withdrawalSchema = z.object({
  id: z.uuid(),
  /** The spec's type: always a bank card. */
  type: z.literal('bankCard'),
  amount: z.string(),
  serviceCharge: z.string(),
  bank: z.enum(BANK_CODES),
  cardMasked: z.string(),
  holderName: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  reason: z.enum(WITHDRAWAL_REFUSAL_REASONS).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  auditedAt: z.string().nullable(),
  /** When the bank's answer settled a passed withdrawal (paid, or declined and released). */
  settledAt: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalSchema>;

/** As back office sees it: whose, and who audited it. */
export const adminWithdrawalSchema = withdrawalSchema.extend({
  account: z.string(),
  auditedBy: z.string().nullable(),
});
export type AdminWithdrawalView = z.infer<typeof adminWithdrawalSchema>;

/** What the withdraw screen needs before the user types: the balance and the charge rule. */
export const withdrawalTermsSchema = z.object({
  available: z.string(),
  charge: z.object({ rate: z.string(), minimum: z.string() }),
});
export type WithdrawalTerms = z.infer<typeof withdrawalTermsSchema>;

const withdrawalId = z.uuid({ message: 'withdrawal.notFound' });
const note = z.string().trim().max(MAX_WITHDRAWAL_NOTE, { message: 'withdrawal.noteTooLong' }).optional();

export const passWithdrawalBody = z.object({ id: withdrawalId, note });
export const refuseWithdrawalBody = z.object({
  id: withdrawalId,
  reason: z.enum(WITHDRAWAL_AUDIT_REFUSALS, { message: 'withdrawal.reasonRequired' }),
  note,
});

export const withdrawalRoutes = {
  terms: defineRoute({
    method: 'get',
    path: '/store/withdrawals/terms',
    summary:
      'The available storefront balance and the withdrawal service charge rule (a rate with a minimum)',
    auth: 'user',
    response: withdrawalTermsSchema,
  }),
  create: defineRoute({
    method: 'post',
    path: '/store/withdrawals',
    summary:
      'Withdraw to a bound bank card with the payment password: the amount and its service charge are frozen and wait for back office',
    auth: 'user',
    body: withdrawalBody,
    idempotent: true,
    response: withdrawalSchema,
  }),
  mine: defineRoute({
    method: 'get',
    path: '/store/withdrawals',
    summary: "The user's withdrawals, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(withdrawalSchema),
  }),
  adminList: defineRoute({
    method: 'get',
    path: '/admin/withdrawals',
    summary:
      'Withdrawals in one state (auditing by default), oldest first while auditing, newest first after',
    auth: 'admin',
    query: z.object({
      state: z.enum(WITHDRAWAL_STATES, { message: 'common.validation' }).default('auditing'),
      ...pageQuery,
    }),
    response: pageResponse(adminWithdrawalSchema),
  }),
  adminPass: defineRoute({
    method: 'post',
    path: '/admin/withdrawals/pass',
    summary:
      'Pass an auditing withdrawal to the bank (paying): the bank pays the frozen amount out and the charge is kept, or declines it and the money is released; once only',
    auth: 'admin',
    body: passWithdrawalBody,
    response: adminWithdrawalSchema,
  }),
  adminRefuse: defineRoute({
    method: 'post',
    path: '/admin/withdrawals/refuse',
    summary: 'Refuse an auditing withdrawal with a reason, releasing the frozen money; once only',
    auth: 'admin',
    body: refuseWithdrawalBody,
    response: adminWithdrawalSchema,
  }),
} as const;
