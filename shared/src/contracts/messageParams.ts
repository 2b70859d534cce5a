import { z } from 'zod';
import { BLOCK_REFUSAL_REASONS } from '../blockTrade/blockOrder.ts';
import { isDecimalString } from '../money.ts';
import { COMPLAINT_KINDS, COMPLAINT_REPLY_STATUSES } from '../store/complaints.ts';
import { SHIPMENT_EVENTS, TRACKING_NO_PATTERN } from '../store/logistics.ts';
import { MERCHANT_REFUSAL_REASONS } from '../store/merchants.ts';
import { REFUND_REFUSAL_REASONS, REFUND_STEPS } from '../store/refunds.ts';
import { MAX_REPLY_LENGTH } from '../store/reviews.ts';
import { TOP_UP_METHODS, TOP_UP_REFUSAL_REASONS } from '../store/topUps.ts';
import { WITHDRAWAL_REFUSAL_REASONS } from '../store/withdrawals.ts';
import { type MessageKind, REAL_NAME_REFUSAL_REASONS } from './messages.ts';
import { PRICE_ALERT_KINDS } from './priceAlerts.ts';

/*
 * Apart from messages.ts: these reach into every domain a message tells of (the storefront's
 * refunds, top-ups, withdrawals…), and every screen's start loads the inbox, which needs only
 * the message itself. Kept together, a phone built all the storefront's schemas on every start.
 */

const money = z.string().refine(isDecimalString);
const shares = z.string().regex(/^\d+$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const stock = { symbol: z.string().regex(/^\d{6}$/), name: z.string() };

/** The parameters of each kind; every value is a string (decimal strings for money). */
export const messageParamsSchemas = {
  /** T+1: the lottery numbers a subscription was given, `numbers` of them from `firstNumber` to `lastNumber`. */
  ipoNumbers: z.object({ ...stock, firstNumber: shares, lastNumber: shares, numbers: shares }),
  /** T+1/T+2: the lottery's outcome; `allottedShares` "0" means nothing was allotted. */
  allotmentResult: z.object({ ...stock, allottedShares: shares, amount: money, paymentDate: date }),
  /** Payment day: `amount` CNY for `allottedShares` must be in the account by 16:00 of `paymentDate`. */
  paymentDue: z.object({ ...stock, allottedShares: shares, amount: money, paymentDate: date }),
  /** After the payment cut-off: what was paid for and what was abandoned for lack of cash. */
  paymentResult: z.object({ ...stock, paidShares: shares, abandonedShares: shares, amount: money }),
  transferResult: z.object({
    direction: z.enum(['in', 'out']),
    status: z.enum(['passed', 'refused']),
    amount: money,
    bankName: z.string(),
    /** Last four digits of the card. */
    cardTail: z.string().regex(/^\d{4}$/),
  }),
  fill: z.object({ ...stock, side: z.enum(['buy', 'sell']), price: money, quantity: shares }),
  verificationResult: z.object({
    status: z.enum(['passed', 'refused']),
    reason: z.enum(REAL_NAME_REFUSAL_REASONS).optional(),
  }),
  /** The after-close batch's answer to a block order: settled at `price`, or refused for `reason`. */
  blockTradeResult: z.object({
    ...stock,
    side: z.enum(['buy', 'sell']),
    price: money,
    quantity: shares,
    amount: money,
    status: z.enum(['settled', 'refused']),
    reason: z.enum(BLOCK_REFUSAL_REASONS).optional(),
  }),
  /**
   * To every admin: a block order's settlement failed all its attempts; the order stays pending
   * with its cash or shares frozen until it is retried from the back-office desk.
   */
  blockTradeSettlementFailed: z.object({
    ...stock,
    orderId: z.uuid(),
    side: z.enum(['buy', 'sell']),
    quantity: shares,
    amount: money,
  }),
  /** A storefront parcel reached a milestone; the message opens its logistics page. */
  shipmentEvent: z.object({
    trackingNo: z.string().regex(TRACKING_NO_PATTERN),
    orderId: z.string(),
    event: z.enum(SHIPMENT_EVENTS),
  }),
  /** A price alert fired at `price`; `level` or `percent` is its threshold when its kind has one. */
  priceAlert: z.object({
    ...stock,
    kind: z.enum(PRICE_ALERT_KINDS),
    price: money,
    level: money.optional(),
    percent: money.optional(),
  }),
  /** Back office audited a storefront top-up: passed with the amount credited, or refused for `reason`. */
  topUpResult: z.object({
    method: z.enum(TOP_UP_METHODS),
    status: z.enum(['passed', 'refused']),
    amount: money,
    arrivalAmount: money.optional(),
    reason: z.enum(TOP_UP_REFUSAL_REASONS).optional(),
  }),
  /** Back office audited a storefront withdrawal of `amount` to the card ending `cardTail`: paid out, or refused for `reason` and released. */
  withdrawalResult: z.object({
    status: z.enum(['passed', 'refused']),
    amount: money,
    cardTail: z.string(),
    reason: z.enum(WITHDRAWAL_REFUSAL_REASONS).optional(),
  }),
  /** Back office decided the user's merchant application: passed (the shop `shopId` is open), or refused for `reason`. */
  merchantResult: z.object({
    status: z.enum(['passed', 'refused']),
    shopName: z.string(),
    shopId: z.string().regex(/^\d+$/).optional(),
    reason: z.enum(MERCHANT_REFUSAL_REASONS).optional(),
  }),
  /** A step of a refund of the shopper's order; the message opens the refund. */
  refundUpdate: z.object({
    refundId: z.uuid(),
    orderNumber: z.string(),
    step: z.enum(REFUND_STEPS),
    amount: money,
    reason: z.enum(REFUND_REFUSAL_REASONS).optional(),
  }),
  /** The shop replied to the user's review `reviewId`; the reply's text is the shop's own, in no one language. */
  reviewReply: z.object({
    reviewId: z.uuid(),
    reply: z.string().min(1).max(MAX_REPLY_LENGTH),
  }),
  /**
   * A session ended with `count` of the user's orders of market date `date` unfilled or partly
   * filled: one notice per user and session end, however many orders; `symbols` their distinct
   * codes, comma-separated in code order. The message opens the orders list.
   */
  ordersExpired: z.object({
    date,
    session: z.enum(['day', 'afterHours']),
    count: z.string().regex(/^[1-9]\d*$/),
    symbols: z.string().regex(/^\d{6}(,\d{6})*$/),
  }),
  /**
   * Back office replied to the user's complaint (about order `orderId`, or the platform) and set
   * it `status`; the reply itself is read on the complaint, where the message leads.
   */
  complaintReply: z.object({
    complaintId: z.uuid(),
    about: z.enum(COMPLAINT_KINDS),
    orderId: z.string().optional(),
    status: z.enum(COMPLAINT_REPLY_STATUSES),
  }),
} as const satisfies Record<MessageKind, z.ZodType<Record<string, string | undefined>>>;

export type MessageParams<K extends MessageKind> = z.infer<(typeof messageParamsSchemas)[K]>;

/** A message to store: one of the kinds with its own parameters. */
export type NewMessage = {
  [K in MessageKind]: { userId: string; kind: K; params: MessageParams<K> };
}[MessageKind];
