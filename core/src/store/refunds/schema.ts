// Types only: drizzle-kit loads this file without the shared package's runtime.
import type {
  RefundActor,
  RefundProductStatus,
  RefundReason,
  RefundRefusalReason,
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
 * ends it. The partial unique index keeps one open refund per order; the CHECKs tie each state
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
