// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { MerchantRefusalReason, MerchantState, StoreCategory } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { bytea } from '../../db/bytea.ts';
import { at } from '../columns.ts';
import { storeShops } from '../schema.ts';

/**
 * A user's application to open a shop, waiting for back office (`auditing`) until one decision
 * moves it, once, to `passed` (the shop it created, `shop_id`) or `refuse` (with a reason). The
 * partial unique index keeps one open application per user; the CHECK ties each state to what it
 * must carry.
 */
export const storeMerchantApplications = pgTable(
  'store_merchant_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    shopName: text('shop_name').notNull(),
    category: text('category').$type<StoreCategory>().notNull(),
    contact: text('contact').notNull(),
    /** The business licence, stripped of its metadata, typed by its leading bytes. */
    licence: bytea('licence').notNull(),
    licenceType: text('licence_type').notNull(),
    state: text('state').$type<MerchantState>().notNull().default('auditing'),
    reason: text('reason').$type<MerchantRefusalReason>(),
    note: text('note'),
    shopId: integer('shop_id').references(() => storeShops.id),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Who decided it, and when: back office's record of the action. */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('store_merchant_applications_open_idx').on(t.userId).where(sql`${t.state} = 'auditing'`),
    index('store_merchant_applications_user_idx').on(t.userId, t.createdAt),
    index('store_merchant_applications_state_idx').on(t.state, t.createdAt),
    check(
      'store_merchant_applications_state_check',
      sql`case ${t.state}
        when 'auditing' then ${t.decidedAt} is null and ${t.shopId} is null
        when 'passed' then ${t.decidedAt} is not null and ${t.decidedBy} is not null and ${t.shopId} is not null
        when 'refuse' then ${t.decidedAt} is not null and ${t.decidedBy} is not null and ${t.shopId} is null and ${t.reason} is not null
        else false end`,
    ),
  ],
);
