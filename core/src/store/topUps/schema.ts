// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { TopUpMethod, TopUpRefusalReason, TopUpState } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { bytea } from '../../db/bytea.ts';
import { journalEntries } from '../../ledger/schema.ts';
import { at, usd } from '../columns.ts';

/**
 * A top-up of a user's storefront balance, waiting for back office (`auditing`) until one
 * audit moves it, once, to `passed` (the ledger entry crediting `arrival_amount` made in the
 * same transaction, `entry_id`) or `refuse` (with a reason). The CHECKs tie each state to what
 * it must carry; a transaction hash is claimed once per network, whatever became of it.
 */
export const storeTopUps = pgTable(
  'store_top_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').$type<TopUpMethod>().notNull(),
    network: text('network'),
    /** The platform's deposit address the user paid to, as shown to them. */
    address: text('address'),
    amount: usd('amount').notNull(),
    txHash: text('tx_hash'),
    /** The payment evidence, stripped of its metadata, typed by its leading bytes. */
    evidence: bytea('evidence').notNull(),
    evidenceType: text('evidence_type').notNull(),
    state: text('state').$type<TopUpState>().notNull().default('auditing'),
    arrivalAmount: usd('arrival_amount'),
    reason: text('reason').$type<TopUpRefusalReason>(),
    note: text('note'),
    entryId: uuid('entry_id').references(() => journalEntries.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Who audited it, and when: back office's record of the action. */
    auditedBy: uuid('audited_by').references(() => users.id),
    auditedAt: at('audited_at'),
  },
  (t) => [
    uniqueIndex('store_top_ups_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    // Hex hashes are the same hash in either case.
    uniqueIndex('store_top_ups_network_hash_idx')
      .on(t.network, sql`lower(${t.txHash})`)
      .where(sql`${t.txHash} is not null`),
    index('store_top_ups_user_idx').on(t.userId, t.createdAt),
    index('store_top_ups_state_idx').on(t.state, t.createdAt),
    check('store_top_ups_amount_check', sql`${t.amount} > 0`),
    check('store_top_ups_method_check', sql`${t.method} in ('blockchain', 'manual')`),
    check(
      'store_top_ups_blockchain_check',
      sql`(${t.method} = 'blockchain') = (${t.network} is not null and ${t.address} is not null and ${t.txHash} is not null)`,
    ),
    check(
      'store_top_ups_state_check',
      sql`case ${t.state}
        when 'auditing' then ${t.auditedAt} is null and ${t.entryId} is null and ${t.arrivalAmount} is null
        when 'passed' then ${t.auditedAt} is not null and ${t.auditedBy} is not null and ${t.entryId} is not null and ${t.arrivalAmount} > 0
        when 'refuse' then ${t.auditedAt} is not null and ${t.auditedBy} is not null and ${t.entryId} is null and ${t.reason} is not null
        else false end`,
    ),
  ],
);
