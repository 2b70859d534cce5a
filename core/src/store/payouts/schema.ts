import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { journalEntries } from '../../ledger/schema.ts';
import { at, usd } from '../columns.ts';
import { storeOrders } from '../orderSchema.ts';
import { storeShops } from '../schema.ts';

/**
 * A completed order's payout to its shop: armed (`due_at`) in the transaction that completes the
 * order, paid (`paid_at`, with its one `storePayout` entry) by its job or the sweep. The order id
 * is the key, so an order is paid out at most once; the CHECK ties a paid row to its figures.
 * `gross` is what the order left in escrow, `commission` the platform's part, `net` the shop's,
 * `recovered` what was kept back of the shop's part against refunds the platform advanced for it
 * (ADR 0037); an order refunded in whole leaves nothing and is paid with no entry.
 */
export const storePayouts = pgTable(
  'store_payouts',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => storeOrders.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => storeShops.id),
    dueAt: at('due_at').notNull(),
    /** Who was paid: the shop's owner then; null for the platform's own shops. */
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    gross: usd('gross'),
    commission: usd('commission'),
    net: usd('net'),
    recovered: usd('recovered').notNull().default('0'),
    entryId: uuid('entry_id').references(() => journalEntries.id),
    paidAt: at('paid_at'),
  },
  (t) => [
    // The sweep's scan: payouts armed and not yet paid, by due time.
    index('store_payouts_due_idx').on(t.dueAt).where(sql`${t.paidAt} is null`),
    check(
      'store_payouts_paid_check',
      sql`${t.paidAt} is null or (${t.gross} is not null and ${t.commission} is not null and ${t.net} is not null
        and ${t.gross} = ${t.commission} + ${t.net} + ${t.recovered} and ${t.commission} >= 0 and ${t.net} >= 0
        and ${t.recovered} >= 0
        and (${t.entryId} is not null) = (${t.gross} > 0))`,
    ),
  ],
);
