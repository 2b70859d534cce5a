// Types only: drizzle-kit loads this file without the shared package's runtime.
import type {
  RefundActor,
  RefundEscalationState,
  RefundProductStatus,
  RefundReason,
  RefundRefusalReason,
  RefundSource,
  RefundState,
  RefundStep,
  RefundType,
} from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { bytea } from '../../db/bytea.ts';
import { journalEntries } from '../../ledger/schema.ts';
import { at, usd } from '../columns.ts';
import { storeOrders } from '../orderSchema.ts';

/**
 * A shopper's refund request on one order. `requested` waits for the shop until `due_at` (no
 * answer approves it); `approved` is granted; a return and refund is then `returning` once the
 * shopper ships the goods back (`return_shipment_id`), and `due_at` is set again when the
 * carrier delivers it; `refunded` is executed, with its one ledger entry (`entry_id`); `refused`
 * ends it, unless the shopper escalates it to the platform (`escalation`), which may overrule the
 * shop: it then executes from escrow, or from the seller's balance if the order was paid out
 * (`source`). The partial unique index keeps one open refund per order; the CHECKs tie each state
 * to what it must carry.
 */
export const storeRefunds = pgTable(
  'store_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<RefundType>().notNull(),
    productStatus: text('product_status').$type<RefundProductStatus>().notNull(),
    amount: usd('amount').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    explanation: text('explanation').notNull(),
    /** The proof image, stripped of its metadata, typed by its leading bytes. */
    proof: bytea('proof').notNull(),
    proofType: text('proof_type').notNull(),
    state: text('state').$type<RefundState>().notNull().default('requested'),
    refusalReason: text('refusal_reason').$type<RefundRefusalReason>(),
    refusalNote: text('refusal_note'),
    /** Who answered for the shop (an admin or, later, the seller); null when the timer approved it. */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    returnCarrier: text('return_carrier'),
    returnTrackingNo: text('return_tracking_no'),
    returnShipmentId: uuid('return_shipment_id'),
    returnDeliveredAt: at('return_delivered_at'),
    /** When the next automatic step (approve, execute) is due; null when none is. */
    dueAt: at('due_at'),
    entryId: uuid('entry_id').references(() => journalEntries.id),
    executedAt: at('executed_at'),
    /** Where the executed refund's money came from: escrow, or the seller's balance after payout. */
    source: text('source').$type<RefundSource>(),
    /** What the platform advanced when the seller's balance could not cover a refund after payout: the seller's debt. */
    sellerShortfall: usd('seller_shortfall'),
    /** The shopper's appeal of a refusal to the platform (once), and back office's ruling with who and when. */
    escalation: text('escalation').$type<RefundEscalationState>(),
    escalationReason: text('escalation_reason'),
    escalatedAt: at('escalated_at'),
    escalationDecidedBy: uuid('escalation_decided_by').references(() => users.id),
    escalationDecidedAt: at('escalation_decided_at'),
    escalationNote: text('escalation_note'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_refunds_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('store_refunds_open_idx')
      .on(t.orderId)
      .where(sql`${t.state} in ('requested', 'approved', 'returning')`),
    uniqueIndex('store_refunds_entry_idx').on(t.entryId),
    uniqueIndex('store_refunds_return_tracking_idx').on(t.returnTrackingNo),
    index('store_refunds_user_idx').on(t.userId, t.createdAt),
    index('store_refunds_state_idx').on(t.state, t.createdAt),
    index('store_refunds_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    index('store_refunds_escalation_idx')
      .on(t.escalation, t.escalatedAt)
      .where(sql`${t.escalation} is not null`),
    check(
      'store_refunds_escalation_check',
      sql`case coalesce(${t.escalation}, 'none')
        when 'none' then ${t.escalatedAt} is null and ${t.escalationDecidedAt} is null
        when 'open' then ${t.escalationReason} is not null and ${t.escalatedAt} is not null and ${t.escalationDecidedAt} is null
        when 'approved' then ${t.escalationDecidedAt} is not null and ${t.escalationDecidedBy} is not null and ${t.state} = 'refunded'
        when 'upheld' then ${t.escalationDecidedAt} is not null and ${t.escalationDecidedBy} is not null and ${t.escalationNote} is not null
        else false end`,
    ),
    check(
      'store_refunds_source_check',
      sql`(${t.state} = 'refunded') = (${t.source} is not null)
        and (${t.sellerShortfall} is null or (${t.source} = 'seller' and ${t.sellerShortfall} > 0))`,
    ),
    check('store_refunds_amount_check', sql`${t.amount} > 0`),
    check('store_refunds_type_check', sql`${t.type} in ('refundOnly', 'returnAndRefund')`),
    check(
      'store_refunds_state_check',
      sql`case ${t.state}
        when 'requested' then ${t.decidedAt} is null and ${t.entryId} is null
        when 'refused' then ${t.decidedAt} is not null and ${t.refusalReason} is not null and ${t.entryId} is null
        when 'approved' then ${t.decidedAt} is not null and ${t.entryId} is null
        when 'returning' then ${t.type} = 'returnAndRefund' and ${t.returnTrackingNo} is not null and ${t.entryId} is null
        when 'refunded' then ${t.decidedAt} is not null and ${t.entryId} is not null and ${t.executedAt} is not null
        else false end`,
    ),
  ],
);

/** A refund's timeline: each step once (the key), with who took it and when. */
export const storeRefundEvents = pgTable(
  'store_refund_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => storeRefunds.id),
    step: text('step').$type<RefundStep>().notNull(),
    actor: text('actor').$type<RefundActor>().notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    at: at('at').notNull(),
  },
  (t) => [uniqueIndex('store_refund_events_step_idx').on(t.refundId, t.step)],
);
