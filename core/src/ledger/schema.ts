import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { marketAt } from '../db/marketAt.ts';
import { cny, createdNow } from './columns.ts';

/**
 * Accounts of the double-entry cash ledger. Each user has `available` and `frozen` cash; the
 * house accounts (user_id null) are the other side of every movement: `external` (money from
 * and to outside: bank, paper deposits), `market` (the exchange's clearing side of trades),
 * one account per fee, `cashFund` (what the cash fund owes its holders: the sum of their units
 * at NAV 1) and `fundIncome` (the fund's earnings, paid out as yield). The storefront's USD
 * accounts stand apart: each user's `storeBalance` (available) and `storeFrozen` (held for a
 * withdrawal under way), and the house's `storeExternal` (paper deposits), `storeEscrow` (what
 * shoppers paid for orders not yet paid out to their shops), `storeCommission` (the platform's
 * commission on payouts), `storePlatformSales` (payouts of the platform's own, ownerless shops)
 * and `storeFees` (withdrawal service charges kept). A user account caches
 * its balance, updated under a row lock in the transaction that posts to it; house accounts
 * are hot rows shared by every trade, so their balances are only ever derived from postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind', {
      enum: [
        'available',
        'frozen',
        'external',
        'market',
        'commission',
        'stampDuty',
        'transferFee',
        'cashFund',
        'fundIncome',
        'storeBalance',
        'storeFrozen',
        'storeExternal',
        'storeEscrow',
        'storeCommission',
        'storePlatformSales',
        'storeFees',
      ],
    }).notNull(),
    /** CNY for the securities cash; USD for the storefront's accounts (store*). An entry never mixes the two. */
    currency: text('currency', { enum: ['CNY', 'USD'] })
      .notNull()
      .default('CNY'),
    balance: cny('balance').notNull().default('0'),
    /** Sale proceeds of `proceedsDate` (a trading date): available at once, withdrawable the next trading day. */
    proceeds: cny('proceeds').notNull().default('0'),
    proceedsDate: text('proceeds_date'),
    createdAt: createdNow('created_at'),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_idx').on(t.userId, t.kind).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_house_kind_idx').on(t.kind).where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.userId} is not null) = (${t.kind} in ('available', 'frozen', 'storeBalance', 'storeFrozen'))`,
    ),
    check(
      'ledger_accounts_currency_check',
      sql`(${t.currency} = 'USD') = (${t.kind} in ('storeBalance', 'storeFrozen', 'storeExternal', 'storeEscrow', 'storeCommission', 'storePlatformSales', 'storeFees'))`,
    ),
    check('ledger_accounts_balance_check', sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

/** One movement of money: two or more postings that sum to zero (a deferred trigger checks it at commit). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the money log pages by it. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    kind: text('kind', {
      enum: [
        'deposit',
        'withdrawal',
        'freeze',
        'release',
        'buy',
        'sell',
        'fundSubscribe',
        'fundRedeem',
        'fundYield',
        'ipoPayment',
        'storeDeposit',
        'storePayment',
        'storeRefund',
        'storeTopUp',
        'storeWithdrawalFreeze',
        'storeWithdrawalRelease',
        'storeWithdrawal',
        'storeServiceCharge',
        'storePayout',
      ],
    }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    tradingDate: text('trading_date').notNull(),
    orderId: uuid('order_id'),
    fillId: uuid('fill_id'),
    symbol: text('symbol'),
    /** The user's cash (available + frozen) after the entry. */
    cashAfter: cny('cash_after'),
    createdAt: createdNow('created_at'),
    marketAt: marketAt(),
  },
  (t) => [
    index('journal_entries_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('journal_entries_fill_idx').on(t.fillId).where(sql`${t.fillId} is not null`),
  ],
);

/** Append-only: triggers refuse UPDATE and DELETE. Signed: every account's balance is the sum of its postings. */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: cny('amount').notNull(),
    /** The account's balance after this posting; null on house accounts. */
    balanceAfter: cny('balance_after'),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId),
    check('postings_amount_check', sql`${t.amount} <> 0`),
  ],
);
