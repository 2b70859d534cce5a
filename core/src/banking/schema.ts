import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdNow as at, cny, owner } from '../ledger/columns.ts';
import { journalEntries } from '../ledger/schema.ts';

/**
 * Debit cards bound for bank-securities transfers. Unbinding keeps the row (transfers refer to
 * it) and stamps unbound_at; a card number is bound to one account at a time, and each user
 * has at most one default among the cards still bound.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    bank: text('bank').notNull(),
    cardNumber: text('card_number').notNull(),
    holderName: text('holder_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at'),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_cards_bound_number_idx').on(t.cardNumber).where(sql`${t.unboundAt} is null`),
    uniqueIndex('bank_cards_default_idx').on(t.userId).where(sql`${t.isDefault} and ${t.unboundAt} is null`),
    index('bank_cards_user_idx').on(t.userId),
  ],
);

/**
 * Transfers between a bank card and the user's cash. The row is the source of truth: a transfer
 * is `auditing` until the bank answers, and only the one UPDATE … WHERE status = 'auditing' that
 * records the answer moves money (in the same transaction), so retries, repeated callbacks and
 * restarted workers find nothing left to do. Transfers out freeze their amount when requested.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    /** Also the reference the bank knows the transfer by. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => bankCards.id),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amount: cny('amount').notNull(),
    status: text('status', { enum: ['auditing', 'passed', 'refused'] }).notNull(),
    refusalReason: text('refusal_reason', { enum: ['declined', 'expired'] }),
    /** The bank's own id, from its answer. */
    bankReference: text('bank_reference'),
    /** The bank will not execute the request after this instant (see BankGateway). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tradingDate: text('trading_date').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request (without the payment password): the same key with another body is a conflict. */
    requestHash: text('request_hash').notNull(),
    /** The freeze of a transfer out, and the entry that settled it (none for a refused transfer in). */
    freezeEntryId: uuid('freeze_entry_id')
      .unique()
      .references(() => journalEntries.id),
    settleEntryId: uuid('settle_entry_id')
      .unique()
      .references(() => journalEntries.id),
    createdAt: at('created_at'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_transfers_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('bank_transfers_user_created_idx').on(t.userId, t.createdAt),
    index('bank_transfers_auditing_idx').on(t.createdAt).where(sql`${t.status} = 'auditing'`),
    check('bank_transfers_amount_check', sql`${t.amount} > 0`),
    check('bank_transfers_settled_check', sql`(${t.status} = 'auditing') = (${t.settledAt} is null)`),
    check('bank_transfers_refusal_check', sql`(${t.status} = 'refused') = (${t.refusalReason} is not null)`),
  ],
);
