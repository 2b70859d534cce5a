import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from '../contracts/paging.ts';
import { Dec, isDecimalString } from '../money.ts';
import { TRACKING_NO_PATTERN } from './logistics.ts';
import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES } from './topUps.ts';

/**
 * Refunds and after-sale (issue 14 §4, the spec's Refund): the shopper asks for money back on a
 * paid order, with or without returning the goods; the shop approves or refuses within a
 * window (no answer approves it); a return travels back through the carrier; the refund is
 * approved first and executed after, as separate recorded steps (Saleor's "granted" and "sent").
 */

/** The spec's two types: refund with no return, or return and refund. */
export const REFUND_TYPES = ['refundOnly', 'returnAndRefund'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];
/** The spec's product status in a refund. */
export const REFUND_PRODUCT_STATUSES = ['received', 'notReceived'] as const;
export type RefundProductStatus = (typeof REFUND_PRODUCT_STATUSES)[number];
/** Why the shopper asks; the client words each one. */
export const REFUND_REASONS = [
  'notReceived',
  'damaged',
  'notAsDescribed',
  'wrongItem',
  'missingParts',
  'changedMind',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** Why the shop (or back office for it) refused. */
export const REFUND_REFUSAL_REASONS = ['noEvidence', 'usedGoods', 'outsidePolicy', 'other'] as const;
export type RefundRefusalReason = (typeof REFUND_REFUSAL_REASONS)[number];

/**
 * A refund's own states: `requested` waits for the shop; `approved` is granted (a return and
 * refund then waits for the parcel: `returning`); `refunded` is executed (money sent);
 * `refused` ends it. Only one refund of an order is open (requested, approved, returning) at a time.
 */
export const REFUND_STATES = ['requested', 'approved', 'refused', 'returning', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const OPEN_REFUND_STATES = ['requested', 'approved', 'returning'] as const satisfies RefundState[];

/** The spec's after-sale review statuses, and the refund states each shows. */
export const REFUND_REVIEW_TABS = {
  all: REFUND_STATES,
  refused: ['refused'],
  auditing: ['requested'],
  passed: ['approved', 'returning', 'refunded'],
} as const satisfies Record<string, readonly RefundState[]>;
export type RefundReviewTab = keyof typeof REFUND_REVIEW_TABS;
export const REFUND_REVIEW_TAB_KEYS = Object.keys(REFUND_REVIEW_TABS) as RefundReviewTab[];
export const refundReviewOf = (state: RefundState): Exclude<RefundReviewTab, 'all'> =>
  state === 'refused' ? 'refused' : state === 'requested' ? 'auditing' : 'passed';

/** The recorded steps of a refund: its timeline, each once. */
export const REFUND_STEPS = [
  'requested',
  'approved',
  'refused',
  'returnShipped',
  'returnDelivered',
  'returnConfirmed',
  'escalated',
  'escalationApproved',
  'escalationUpheld',
  'refunded',
] as const;
export type RefundStep = (typeof REFUND_STEPS)[number];
/** Who took a step: the shopper, the shop, back office for the shop, or the platform's timers. */
export const REFUND_ACTORS = ['shopper', 'shop', 'admin', 'system'] as const;
export type RefundActor = (typeof REFUND_ACTORS)[number];

/**
 * A refused refund the shopper took to the platform (once): open until back office approves it
 * (the refund executes) or upholds the shop's refusal with a reason.
 */
export const REFUND_ESCALATION_STATES = ['open', 'approved', 'upheld'] as const;
export type RefundEscalationState = (typeof REFUND_ESCALATION_STATES)[number];
/** Where an executed refund's money came from: escrow, or the seller's balance once the order was paid out. */
export const REFUND_SOURCES = ['escrow', 'seller'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];
export const MAX_ESCALATION_TEXT = 500;

export const MAX_REFUND_EXPLANATION = 500;
export const MAX_REFUND_NOTE = 200;
export const PROOF_MAX_BYTES = EVIDENCE_MAX_BYTES;
export const PROOF_TYPES = EVIDENCE_TYPES;

/**
 * The amount as the spec checks it: required, not negative, more than 0, cents at most. That it
 * is within what was paid and not yet refunded is the server's check, under the order's lock.
 */
export const refundAmount = z
  .string({ message: 'refund.amountRequired' })
  .trim()
  .min(1, { message: 'refund.amountRequired' })
  .refine((v) => !isDecimalString(v) || !new Dec(v).isNegative(), { message: 'refund.amountNegative' })
  .refine((v) => isDecimalString(v) && new Dec(v).gt(0) && new Dec(v).decimalPlaces() <= 2, {
    message: 'refund.badAmount',
  });

/** The multipart form's text fields; the proof image comes beside them (field "proof"). */
export const refundBody = z.object({
  orderId: z.uuid({ message: 'storeOrder.notFound' }),
  type: z.enum(REFUND_TYPES, { message: 'refund.typeRequired' }),
  productStatus: z.enum(REFUND_PRODUCT_STATUSES, { message: 'refund.productStatusRequired' }),
  amount: refundAmount,
  reason: z.enum(REFUND_REASONS, { message: 'refund.reasonRequired' }),
  explanation: z
    .string({ message: 'refund.explanationRequired' })
    .trim()
    .min(1, { message: 'refund.explanationRequired' })
    .max(MAX_REFUND_EXPLANATION, { message: 'refund.explanationTooLong' }),
});
export type RefundRequest = z.infer<typeof refundBody>;

export const refundEventSchema = z.object({
  step: z.enum(REFUND_STEPS),
  actor: z.enum(REFUND_ACTORS),
  at: z.string(),
});

export const refundSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  type: z.enum(REFUND_TYPES),
  productStatus: z.enum(REFUND_PRODUCT_STATUSES),
  /** USD, two decimals. */
  amount: z.string(),
  reason: z.enum(REFUND_REASONS),
  explanation: z.string(),
  state: z.enum(REFUND_STATES),
  review: z.enum(['auditing', 'passed', 'refused']),
  refusalReason: z.enum(REFUND_REFUSAL_REASONS).nullable(),
  refusalNote: z.string().nullable(),
  returnCarrier: z.string().nullable(),
  returnTrackingNo: z.string().nullable(),
  /** While requested: when no answer approves it. */
  answerBy: z.string().nullable(),
  /** The shopper's appeal to the platform after a refusal, and the platform's ruling. */
  escalation: z
    .object({
      state: z.enum(REFUND_ESCALATION_STATES),
      reason: z.string(),
      at: z.string(),
      decidedAt: z.string().nullable(),
      /** Why the refusal was upheld. */
      note: z.string().nullable(),
    })
    .nullable(),
  /** Once executed: escrow, or the seller's balance (refund after payout). */
  source: z.enum(REFUND_SOURCES).nullable(),
  createdAt: z.string(),
  timeline: z.array(refundEventSchema),
});
export type RefundView = z.infer<typeof refundSchema>;

/** As back office sees it: whose, the order's total, and where the proof image is. */
export const adminRefundSchema = refundSchema.extend({
  account: z.string(),
  orderTotal: z.string(),
  proofUrl: z.string(),
  decidedBy: z.string().nullable(),
  /** The admin who ruled on the escalation. */
  escalationDecidedBy: z.string().nullable(),
  /** A refund after payout the seller's balance could not cover: what the platform advanced (owed by the seller). */
  sellerShortfall: z.string().nullable(),
});
export type AdminRefundView = z.infer<typeof adminRefundSchema>;

/** What the refund form needs first: how much may still be asked for, and whether a request is open. */
export const refundTermsSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  paid: z.string(),
  refunded: z.string(),
  refundable: z.string(),
  /** The open request, if any: a second one is refused. */
  openRefundId: z.uuid().nullable(),
  /** Whether the order can take a request now (paid, open, nothing pending). */
  canRequest: z.boolean(),
});
export type RefundTerms = z.infer<typeof refundTermsSchema>;

const refundId = z.uuid({ message: 'refund.notFound' });
const note = z.string().trim().max(MAX_REFUND_NOTE, { message: 'refund.noteTooLong' }).optional();

export const returnShipmentBody = z.object({
  id: refundId,
  carrier: z
    .string({ message: 'refund.carrierRequired' })
    .trim()
    .min(1, { message: 'refund.carrierRequired' })
    .max(60, { message: 'refund.carrierRequired' }),
  trackingNo: z
    .string({ message: 'store.badTrackingNo' })
    .trim()
    .toUpperCase()
    .regex(TRACKING_NO_PATTERN, { message: 'store.badTrackingNo' }),
});
export const refundIdBody = z.object({ id: refundId });
export const refuseRefundBody = z.object({
  id: refundId,
  reason: z.enum(REFUND_REFUSAL_REASONS, { message: 'refund.refusalReasonRequired' }),
  note,
});

const escalationText = (required: 'refund.escalationReasonRequired' | 'refund.upholdNoteRequired') =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(MAX_ESCALATION_TEXT, { message: 'refund.escalationTextTooLong' });
export const escalateRefundBody = z.object({
  id: refundId,
  reason: escalationText('refund.escalationReasonRequired'),
});
export const upholdRefusalBody = z.object({
  id: refundId,
  note: escalationText('refund.upholdNoteRequired'),
});

export const refundRoutes = {
  terms: defineRoute({
    method: 'get',
    path: '/store/refunds/terms',
    summary: 'How much of an order may still be refunded, and whether a request of it is open',
    auth: 'user',
    query: z.object({ orderId: z.uuid({ message: 'storeOrder.notFound' }) }),
    response: refundTermsSchema,
  }),
  create: defineRoute({
    method: 'post',
    path: '/store/refunds',
    summary:
      'Apply for a refund of a paid order: multipart with orderId, type, productStatus, amount, reason, explanation and a proof image (field "proof", PNG, JPEG or WebP, at most 5 MB, stored without its metadata); one open request per order',
    auth: 'user',
    body: refundBody,
    upload: { field: 'proof', maxBytes: PROOF_MAX_BYTES, mimeTypes: PROOF_TYPES },
    idempotent: true,
    response: refundSchema,
  }),
  mine: defineRoute({
    method: 'get',
    path: '/store/refunds',
    summary: "The shopper's refunds on one review tab (all, refused, auditing, passed), newest first",
    auth: 'user',
    query: z.object({
      tab: z
        .enum(REFUND_REVIEW_TAB_KEYS as [RefundReviewTab, ...RefundReviewTab[]], {
          message: 'common.validation',
        })
        .default('all'),
      ...pageQuery,
    }),
    response: pageResponse(refundSchema),
  }),
  one: defineRoute({
    method: 'get',
    path: '/store/refund',
    summary: 'One of the shopper’s refunds with its timeline',
    auth: 'user',
    query: z.object({ id: refundId }),
    response: refundSchema,
  }),
  shipReturn: defineRoute({
    method: 'post',
    path: '/store/refunds/return',
    summary: 'Send back the goods of an approved return and refund: the carrier and its tracking number',
    auth: 'user',
    body: returnShipmentBody,
    response: refundSchema,
  }),
  adminList: defineRoute({
    method: 'get',
    path: '/admin/refunds',
    summary: 'Refunds in one state (requested by default), oldest first while requested, newest first after',
    auth: 'admin',
    query: z.object({
      state: z.enum(REFUND_STATES, { message: 'common.validation' }).default('requested'),
      ...pageQuery,
    }),
    response: pageResponse(adminRefundSchema),
  }),
  adminApprove: defineRoute({
    method: 'post',
    path: '/admin/refunds/approve',
    summary: 'Approve a requested refund for its shop; once only',
    auth: 'admin',
    body: refundIdBody,
    response: adminRefundSchema,
  }),
  adminRefuse: defineRoute({
    method: 'post',
    path: '/admin/refunds/refuse',
    summary: 'Refuse a requested refund for its shop, with a reason; once only',
    auth: 'admin',
    body: refuseRefundBody,
    response: adminRefundSchema,
  }),
  escalate: defineRoute({
    method: 'post',
    path: '/store/refunds/escalate',
    summary: 'Take a refused refund to the platform, with a reason; once per refund',
    auth: 'user',
    body: escalateRefundBody,
    response: refundSchema,
  }),
  adminEscalated: defineRoute({
    method: 'get',
    path: '/admin/refunds/escalated',
    summary: 'Escalated refunds: the open ones oldest first, or the decided ones newest first',
    auth: 'admin',
    query: z.object({
      state: z.enum(REFUND_ESCALATION_STATES, { message: 'common.validation' }).default('open'),
      ...pageQuery,
    }),
    response: pageResponse(adminRefundSchema),
  }),
  adminApproveEscalation: defineRoute({
    method: 'post',
    path: '/admin/refunds/escalation/approve',
    summary:
      "Overrule the shop: the refund executes at once, from escrow, or from the seller's balance if the order was paid out; once only",
    auth: 'admin',
    body: refundIdBody,
    response: adminRefundSchema,
  }),
  adminUpholdRefusal: defineRoute({
    method: 'post',
    path: '/admin/refunds/escalation/uphold',
    summary: "Uphold the shop's refusal of an escalated refund, with a reason; once only",
    auth: 'admin',
    body: upholdRefusalBody,
    response: adminRefundSchema,
  }),
  adminConfirmReturn: defineRoute({
    method: 'post',
    path: '/admin/refunds/confirm-return',
    summary: 'Confirm for the shop that a returned parcel arrived: the refund executes',
    auth: 'admin',
    body: refundIdBody,
    response: adminRefundSchema,
  }),
} as const;
