import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { BANK_CODES } from '../banking/bankBins.ts';
import { type CardNumberProblem, checkCardNumber } from '../banking/bankCards.ts';
import type { ErrorKey } from '../errors.ts';
import { Dec, isDecimalString } from '../money.ts';
import { realNameSchema } from './identity.ts';
import { pageQuery, pageResponse } from './paging.ts';

/**
 * Bank cards and bank-securities transfers (银证转账). A transfer is a request the bank
 * answers later: it is `auditing` until the bank's answer makes it `passed` or `refused`.
 */

export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
/** The spec's audit states: auditing, then passed or refused. */
export const TRANSFER_STATUSES = ['auditing', 'passed', 'refused'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** Why a transfer was refused: the bank declined it, or never received it before it expired. */
export const TRANSFER_REFUSAL_REASONS = ['declined', 'expired'] as const;
export type TransferRefusalReason = (typeof TRANSFER_REFUSAL_REASONS)[number];

/** Cards a user may have bound at once. */
export const MAX_BOUND_CARDS = 5;
/** The largest single transfer, CNY. */
export const MAX_TRANSFER_AMOUNT = '5000000.00';

const CARD_NUMBER_ERRORS: Record<CardNumberProblem, ErrorKey> = {
  format: 'bank.cardNumberFormat',
  checkDigit: 'bank.cardNumberInvalid',
  unsupportedBank: 'bank.cardUnsupported',
};

/** A card number as typed (groups, spaces): 16–19 digits, Luhn check digit, a bank of the BIN table. */
export const cardNumberSchema = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .superRefine((raw, ctx) => {
    const result = checkCardNumber(raw);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: CARD_NUMBER_ERRORS[result.problem] });
  })
  .transform((raw) => raw.replace(/[\s-]/g, ''));

export const bindCardBody = z.object({
  cardNumber: cardNumberSchema,
  /** Must be the user's verified real name. */
  holderName: realNameSchema,
});
export type BindCard = z.infer<typeof bindCardBody>;

export const bankCardSchema = z.object({
  id: z.uuid(),
  bank: z.enum(BANK_CODES),
  /** The last four digits. */
  cardTail: z.string(),
  /** "6222 **** **** 1234". */
  cardMasked: z.string(),
  holderName: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type BankCardView = z.infer<typeof bankCardSchema>;

const cardIdBody = z.object({ id: z.uuid({ message: 'bank.cardNotFound' }) });

/**
 * A positive amount of cash to the cent, as a decimal string: money never crosses JSON as a
 * number (DESIGN.md). Missing, empty or not above zero is `notPositive` (the spec's 'cannot be
 * less than or equal to 0 or empty'); a JSON number, or a string with spaces around it, is
 * validation.moneyString; any other string that is not a plain number with at most two
 * decimals is validation.amount. Forms trim what the user typed before they send it.
 */
export function cashAmountSchema(notPositive: ErrorKey) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? notPositive : 'validation.moneyString'),
    })
    .min(1, { message: notPositive })
    .superRefine((value, ctx) => {
      if (value.trim() !== value) {
        ctx.addIssue({ code: 'custom', message: 'validation.moneyString' });
      } else if (!isDecimalString(value) || new Dec(value).decimalPlaces() > 2) {
        ctx.addIssue({ code: 'custom', message: 'validation.amount' });
      } else if (new Dec(value).lte(0)) ctx.addIssue({ code: 'custom', message: notPositive });
    });
}

export const transferBody = z.object({
  direction: z.enum(TRANSFER_DIRECTIONS, { message: 'transfer.directionInvalid' }),
  cardId: z.uuid({ message: 'bank.cardNotFound' }),
  /** At most MAX_TRANSFER_AMOUNT (checked by the server, which names the limit). */
  amount: cashAmountSchema('transfer.amountNotPositive'),
  /**
   * Required to transfer out (checked by the server: not set, wrong, locked); a transfer in needs
   * none, but one sent is checked the same way (quick payment sends it: docs/adr/0025).
   */
  payPassword: z.string().optional(),
});
export type TransferRequest = z.infer<typeof transferBody>;

export const transferSchema = z.object({
  id: z.uuid(),
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  refusalReason: z.enum(TRANSFER_REFUSAL_REASONS).nullable(),
  bank: z.enum(BANK_CODES),
  cardTail: z.string(),
  createdAt: z.string(),
  /** When the bank's answer was recorded; null while auditing. */
  settledAt: z.string().nullable(),
});
export type TransferView = z.infer<typeof transferSchema>;

export const transfersQuery = z.object({
  direction: z.enum(TRANSFER_DIRECTIONS, { message: 'transfer.directionInvalid' }).optional(),
  status: z.enum(TRANSFER_STATUSES, { message: 'common.validation' }).optional(),
  ...pageQuery,
});

export const bankingRoutes = {
  cards: defineRoute({
    method: 'get',
    path: '/bank/cards',
    summary: "The user's bound bank cards, the default first",
    auth: 'user',
    response: z.array(bankCardSchema),
  }),
  bindCard: defineRoute({
    method: 'post',
    path: '/bank/cards',
    summary: 'Bind a debit card in the verified real name; the first card becomes the default',
    auth: 'user',
    body: bindCardBody,
    response: bankCardSchema,
  }),
  unbindCard: defineRoute({
    method: 'post',
    path: '/bank/cards/unbind',
    summary: 'Unbind a card with no transfer in flight; answers the cards left',
    auth: 'user',
    body: cardIdBody,
    response: z.array(bankCardSchema),
  }),
  setDefaultCard: defineRoute({
    method: 'post',
    path: '/bank/cards/default',
    summary: 'Make a card the default for transfers; answers the cards',
    auth: 'user',
    body: cardIdBody,
    response: z.array(bankCardSchema),
  }),
  transfer: defineRoute({
    method: 'post',
    path: '/bank/transfers',
    summary:
      'Ask the bank to move cash in or out (out: payment password, at most the withdrawable cash, frozen until the answer)',
    auth: 'user',
    idempotent: true,
    body: transferBody,
    response: transferSchema,
  }),
  transfers: defineRoute({
    method: 'get',
    path: '/bank/transfers',
    summary: "The user's transfers, newest first",
    auth: 'user',
    query: transfersQuery,
    response: pageResponse(transferSchema),
  }),
} as const;

/** BullMQ queues of bank transfers; names carry no ':' (BullMQ's key separator). */
export const BANK_QUEUES = {
  transfers: 'bank-transfers',
  /** Storefront withdrawals back office passed, paid out through the same bank gateway. */
  withdrawalPayouts: 'store-withdrawal-payouts',
} as const;

export const TRANSFER_JOBS = {
  /** Moves one auditing transfer on: submits it to the bank, or asks the bank where it stands. */
  advance: 'advance',
  /** The bank's answer about a transfer (a real bank's webhook, or the simulated bank). */
  callback: 'callback',
  /** Enqueues `advance` for every auditing transfer: after a restart or a lost job. */
  sweep: 'sweep',
} as const;

export const transferAdvanceJobSchema = z.object({ transferId: z.uuid() });
export type TransferAdvanceJob = z.infer<typeof transferAdvanceJobSchema>;

export const bankOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('passed') }),
  z.object({ status: z.literal('refused'), reason: z.enum(TRANSFER_REFUSAL_REASONS) }),
]);
export type BankOutcome = z.infer<typeof bankOutcomeSchema>;

export const transferCallbackJobSchema = z.object({
  transferId: z.uuid(),
  outcome: bankOutcomeSchema,
  /** The bank's own id of the transfer. */
  bankReference: z.string().min(1),
});
export type TransferCallbackJob = z.infer<typeof transferCallbackJobSchema>;

/** One advance job per transfer: adding it again while it waits or runs is a no-op. */
export const transferJobIds = {
  advance: (transferId: string) => `transfer-${transferId}-advance`,
  /** Each delivery of a callback is its own job: a bank that calls twice makes two. */
  callback: (transferId: string, delivery: string) => `transfer-${transferId}-callback-${delivery}`,
};
