import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdNow as at, cny, owner } from '../ledger/columns.ts';
import { journalEntries } from '../ledger/schema.ts';

/** Units of the cash fund: to the cent, like cash (NAV 1.0000). */
const units = cny;

/** The fund's income of each calendar day, made once by the accrual job. */
export const cashFundDays = pgTable('cash_fund_days', {
  date: text('date').primaryKey(),
  yieldPer10k: numeric('yield_per_10k', { precision: 10, scale: 4 }).notNull(),
  /** 7-day annualised yield ending that day, percent. */
  annualised7d: numeric('annualised_7d', { precision: 10, scale: 3 }).notNull(),
  createdAt: at('created_at'),
  /** Set once every holder owed a yield of the day has been paid. */
  accruedAt: timestamp('accrued_at', { withTimezone: true }),
});

/** Each holder's units now, and the sub-cent remainder of yields carried to the next day. */
export const cashFundHoldings = pgTable(
  'cash_fund_holdings',
  {
    userId: owner().primaryKey(),
    units: units('units').notNull().default('0'),
    carry: numeric('carry', { precision: 20, scale: 10 }).notNull().default('0'),
    totalYield: cny('total_yield').notNull().default('0'),
    createdAt: at('created_at'),
  },
  (t) => [check('cash_fund_holdings_units_check', sql`${t.units} >= 0`)],
);

/** Subscriptions and redemptions, each one ledger entry; keyed by the request's Idempotency-Key. */
export const cashFundOrders = pgTable(
  'cash_fund_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    kind: text('kind', { enum: ['subscribe', 'redeem'] }).notNull(),
    /** Signed: positive for a subscription, negative for a redemption. */
    units: units('units').notNull(),
    unitsAfter: units('units_after').notNull(),
    /** The fund's day it happened on: it decides which days the units earn (see shared cashFund.ts). */
    date: text('date').notNull(),
    /** A subscription's confirmation day, from which its units earn (null: rows from before, the next day). */
    earnsFrom: text('earns_from'),
    /** The entry that moved cash at once: the subscription, or a redemption's T+0 part (none when all of it waits). */
    entryId: uuid('entry_id')
      .unique()
      .references(() => journalEntries.id),
    /** A redemption's part over the day's T+0 cap, paid to cash on `payableOn` by `payoutEntryId`. */
    deferredUnits: units('deferred_units').notNull().default('0'),
    payableOn: text('payable_on'),
    payoutEntryId: uuid('payout_entry_id')
      .unique()
      .references(() => journalEntries.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at'),
  },
  (t) => [
    uniqueIndex('cash_fund_orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('cash_fund_orders_user_date_idx').on(t.userId, t.date),
    check('cash_fund_orders_units_check', sql`${t.units} <> 0`),
    check(
      'cash_fund_orders_deferred_check',
      sql`${t.deferredUnits} >= 0 and (${t.deferredUnits} = 0) = (${t.payableOn} is null)`,
    ),
    index('cash_fund_orders_payable_idx')
      .on(t.payableOn)
      .where(sql`${t.payableOn} is not null and ${t.payoutEntryId} is null`),
  ],
);

/** A holder's yield of one day: at most one per (holder, day), so a rerun of the accrual pays nothing twice. */
export const cashFundYields = pgTable(
  'cash_fund_yields',
  {
    userId: owner(),
    date: text('date').notNull(),
    basis: units('basis').notNull(),
    exact: numeric('exact', { precision: 24, scale: 10 }).notNull(),
    paid: cny('paid').notNull(),
    carry: numeric('carry', { precision: 20, scale: 10 }).notNull(),
    unitsAfter: units('units_after').notNull(),
    /** The entry that paid this yield (none for a day that paid nothing and only carried). */
    entryId: uuid('entry_id').references(() => journalEntries.id),
    createdAt: at('created_at'),
  },
  (t) => [uniqueIndex('cash_fund_yields_user_date_idx').on(t.userId, t.date)],
);
