// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { WithdrawalRefusalReason, WithdrawalState } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { bankCards } from '../../banking/schema.ts';
import { journalEntries } from '../../ledger/schema.ts';
import { at, usd } from '../columns.ts';

/**
 * A withdrawal from a user's storefront balance to one of their bound bank cards. On request
 * the amount and its service charge were frozen (`freeze_entry_id`, the same transaction);
 * it waits for back office (`auditing`) until one audit refuses it (`refuse`, released with a
 * reason: `settle_entry_id` is the release) or passes it to the bank (`paying`, still frozen,
 * the bank's request lapsing at `bank_expires_at`). The bank's answer settles a paying
 * withdrawal once: paid (`passed`, the payout and the charge posted in that transaction:
 * `settle_entry_id`, `charge_entry_id`) or declined (`refuse` with the bank's reason, released).
 * The card's bank, masked number and holder are copied: the record stays readable after the
 * card is unbound.
 */
export const storeWithdrawals = pgTable(
  'store_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => bankCards.id),
    bank: text('bank').notNull(),
    cardMasked: text('card_masked').notNull(),
    cardTail: text('card_tail').notNull(),
    holderName: text('holder_name').notNull(),
    amount: usd('amount').notNull(),
    serviceCharge: usd('service_charge').notNull(),
    state: text('state').$type<WithdrawalState>().notNull().default('auditing'),
    reason: text('reason').$type<WithdrawalRefusalReason>(),
    note: text('note'),
    freezeEntryId: uuid('freeze_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    settleEntryId: uuid('settle_entry_id').references(() => journalEntries.id),
    /** Passed with a charge above zero: the entry keeping it. */
    chargeEntryId: uuid('charge_entry_id').references(() => journalEntries.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Who audited it, and when: back office's record of the action. */
    auditedBy: uuid('audited_by').references(() => users.id),
    auditedAt: at('audited_at'),
    /** Passed to the bank: after this instant the bank never executes the request (BankGateway's contract). */
    bankExpiresAt: at('bank_expires_at'),
    /** The bank's own id of the payout, once it answered. */
    bankReference: text('bank_reference'),
    /** When the bank's answer settled it. */
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('store_withdrawals_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('store_withdrawals_user_idx').on(t.userId, t.createdAt),
    index('store_withdrawals_state_idx').on(t.state, t.createdAt),
    check('store_withdrawals_amount_check', sql`${t.amount} > 0 and ${t.serviceCharge} >= 0`),
    check(
      'store_withdrawals_state_check',
      sql`case ${t.state}
        when 'auditing' then ${t.auditedAt} is null and ${t.settleEntryId} is null
        when 'paying' then ${t.auditedAt} is not null and ${t.auditedBy} is not null and ${t.settleEntryId} is null and ${t.reason} is null and ${t.bankExpiresAt} is not null
        when 'passed' then ${t.auditedAt} is not null and ${t.auditedBy} is not null and ${t.settleEntryId} is not null and ${t.reason} is null
        when 'refuse' then ${t.auditedAt} is not null and ${t.auditedBy} is not null and ${t.settleEntryId} is not null and ${t.reason} is not null
        else false end`,
    ),
  ],
);
