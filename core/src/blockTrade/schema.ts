import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { marketAt } from '../db/marketAt.ts';
import { cny, createdNow, owner, priceColumn } from '../ledger/columns.ts';
import { journalEntries } from '../ledger/schema.ts';

/**
 * Block orders (大宗交易): each rests `pending` with its cash (buys) or shares (sells) frozen
 * until the after-close batch settles it in one journal entry, or refuses it; the user may
 * cancel it while pending. Only a pending row changes (UPDATE … WHERE status = 'pending'), which
 * is what makes a retried or duplicated settlement move nothing twice.
 */
export const blockOrders = pgTable(
  'block_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    instrumentKind: text('instrument_kind', { enum: ['stock', 'fund'] }).notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    kind: text('kind', { enum: ['intraday', 'afterHours'] }).notNull(),
    price: priceColumn('price').notNull(),
    quantity: integer('quantity').notNull(),
    amount: cny('amount').notNull(),
    /** Estimated at placement, charged at settlement (the same schedule, so the same figure). */
    fees: cny('fees').notNull(),
    frozenCash: cny('frozen_cash').notNull().default('0'),
    status: text('status', { enum: ['pending', 'settled', 'refused', 'cancelled'] }).notNull(),
    refusalReason: text('refusal_reason', { enum: ['noCounterparty', 'priceNotAccepted'] }),
    tradingDate: text('trading_date').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request: the same key with another body is a conflict. */
    requestHash: text('request_hash').notNull(),
    freezeEntryId: uuid('freeze_entry_id').references(() => journalEntries.id),
    /** The settlement's trade entry, or the release of a refused or cancelled buy. */
    closeEntryId: uuid('close_entry_id').references(() => journalEntries.id),
    createdAt: createdNow('created_at'),
    marketAt: marketAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Set when its settle job failed every attempt: the order stays pending, its cash or shares
     * frozen, until back office retries it (cleared then). Shown on the admin desk.
     */
    settleFailedAt: timestamp('settle_failed_at', { withTimezone: true }),
    settleError: text('settle_error'),
  },
  (t) => [
    uniqueIndex('block_orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('block_orders_user_created_idx').on(t.userId, t.createdAt),
    index('block_orders_pending_idx').on(t.tradingDate).where(sql`${t.status} = 'pending'`),
    index('block_orders_settle_failed_idx').on(t.settleFailedAt).where(sql`${t.settleFailedAt} is not null`),
    check('block_orders_quantity_check', sql`${t.quantity} > 0`),
    check('block_orders_frozen_check', sql`${t.frozenCash} >= 0`),
    check(
      'block_orders_status_check',
      sql`${t.status} in ('pending', 'settled', 'refused', 'cancelled')
        and (${t.status} = 'refused') = (${t.refusalReason} is not null)
        and (${t.status} = 'pending') = (${t.closedAt} is null)`,
    ),
  ],
);
