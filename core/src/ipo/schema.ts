import { IPO_STATUSES } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cny, createdNow, owner, priceColumn } from '../ledger/columns.ts';

const count = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A new issue with its timeline: subscription on T, numbering and draw on T+1, payment on T+2,
 * then listing. The draw's seed is fixed at creation and only its SHA-256 is shown until the
 * draw, so nobody (the operator included) can pick tails after seeing the subscriptions.
 */
export const ipos = pgTable(
  'ipos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The stock code it will list under. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    exchange: text('exchange', { enum: ['SSE', 'SZSE'] }).notNull(),
    board: text('board', { enum: ['main', 'chinext', 'star'] }).notNull(),
    price: priceColumn('price').notNull(),
    /** Shares offered online: the lottery's pool and the base of the 1/1000 cap. */
    onlineShares: count('online_shares').notNull(),
    subscriptionDate: text('subscription_date').notNull(),
    allotmentDate: text('allotment_date').notNull(),
    paymentDate: text('payment_date').notNull(),
    listingDate: text('listing_date').notNull(),
    status: text('status', { enum: IPO_STATUSES }).notNull().default('upcoming'),
    /** Hex SHA-256 of `seed`, public from creation. */
    seedCommitment: text('seed_commitment').notNull(),
    /** Secret until the draw; shown with the tails after it. */
    seed: text('seed').notNull(),
    /** Bumped by every (re-)run of the allotment batch: job ids carry it. */
    batchRun: integer('batch_run').notNull().default(0),
    /** Set by the IPO pipeline: the simulated market's issues, one slot per day. */
    pipelineSlot: text('pipeline_slot').unique(),
    createdAt: createdNow('created_at'),
    allottedAt: at('allotted_at'),
    /** Winners were reminded to pay on the payment day (once: the reminders and this commit together). */
    paymentNotifiedAt: at('payment_notified_at'),
    paidAt: at('paid_at'),
    listedAt: at('listed_at'),
  },
  (t) => [
    index('ipos_status_idx').on(t.status, t.subscriptionDate),
    check('ipos_online_shares_check', sql`${t.onlineShares} > 0 and ${t.onlineShares} % 500 = 0`),
    check('ipos_price_check', sql`${t.price} > 0`),
  ],
);

/**
 * One per IPO per account, in arrival order (`id`). No cash is frozen; units of 500 shares.
 * Keyed by (ipo, id) so the batch reads a chunk as one index range.
 */
export const ipoSubscriptions = pgTable(
  'ipo_subscriptions',
  {
    ipoId: integer('ipo_id')
      .notNull()
      .references(() => ipos.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: owner(),
    units: integer('units').notNull(),
    createdAt: createdNow('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.ipoId, t.id] }),
    uniqueIndex('ipo_subscriptions_user_idx').on(t.userId, t.ipoId),
    check('ipo_subscriptions_units_check', sql`${t.units} > 0`),
  ],
);

/**
 * The draw, written once at T+1: how many numbers were handed out, from which, and the winning
 * tails (末位数) derived from the revealed seed.
 */
export const ipoDraws = pgTable('ipo_draws', {
  ipoId: integer('ipo_id')
    .primaryKey()
    .references(() => ipos.id),
  firstNumber: count('first_number').notNull(),
  totalNumbers: count('total_numbers').notNull(),
  unitsOffered: count('units_offered').notNull(),
  tails: text('tails').array().notNull(),
  /** Exactly min(units offered, numbers). */
  winningNumbers: count('winning_numbers').notNull(),
  /** The draw's method (workers/src/allotment/lottery.ts, DrawMethod), so verify redraws it the same way. */
  method: integer('method').notNull().default(2),
  drawnAt: createdNow('drawn_at'),
});

/**
 * The batch's plan: subscriptions cut into chunks by id, each with its first lottery number
 * (all numbers before it counted), so chunks are numbered and drawn independently and a chunk
 * marked done is never redone.
 */
export const ipoAllotmentChunks = pgTable(
  'ipo_allotment_chunks',
  {
    ipoId: integer('ipo_id')
      .notNull()
      .references(() => ipos.id),
    chunk: integer('chunk').notNull(),
    firstSubscriptionId: count('first_subscription_id').notNull(),
    lastSubscriptionId: count('last_subscription_id').notNull(),
    subscriptions: integer('subscriptions').notNull(),
    firstNumber: count('first_number').notNull(),
    numbers: count('numbers').notNull(),
    winningNumbers: count('winning_numbers'),
    doneAt: at('done_at'),
  },
  (t) => [primaryKey({ columns: [t.ipoId, t.chunk] })],
);

/**
 * Each subscription's lottery numbers (配号) as a range: first_number … first_number + units − 1.
 * A narrow row inserted by the batch rather than an update of the subscription: cheaper at
 * 15 million rows, and a subscription row never changes. No foreign key: the batch writes these
 * from the subscriptions themselves, and 15 million key checks would cost more than the insert.
 */
export const ipoLotteryRanges = pgTable(
  'ipo_lottery_ranges',
  {
    ipoId: integer('ipo_id').notNull(),
    subscriptionId: count('subscription_id').notNull(),
    firstNumber: count('first_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ipoId, t.subscriptionId] })],
);

/** A subscription that won: one unit (500 shares) per winning number; payment and listing follow. */
export const ipoAllotments = pgTable(
  'ipo_allotments',
  {
    ipoId: integer('ipo_id').notNull(),
    subscriptionId: count('subscription_id').notNull(),
    userId: owner(),
    wonUnits: integer('won_units').notNull(),
    /** Set on payment day: the whole units the cash paid for; the rest is abandoned. */
    paidUnits: integer('paid_units'),
    paidAmount: cny('paid_amount'),
    journalEntryId: uuid('journal_entry_id'),
    settledAt: at('settled_at'),
    /** The paid shares became a position on listing day. */
    listedAt: at('listed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.ipoId, t.subscriptionId] }),
    index('ipo_allotments_user_idx').on(t.userId),
    check(
      'ipo_allotments_units_check',
      sql`${t.wonUnits} > 0 and ${t.paidUnits} between 0 and ${t.wonUnits}`,
    ),
  ],
);

/**
 * Each account's stock holdings per exchange at a trading day's close (positions × close), the
 * base of the IPO quota (average over 20 trading days ending T−2). Days with nothing held have
 * no row and count as zero.
 */
export const holdingSnapshots = pgTable(
  'holding_snapshots',
  {
    userId: owner(),
    exchange: text('exchange', { enum: ['SSE', 'SZSE'] }).notNull(),
    tradingDate: text('trading_date').notNull(),
    marketValue: cny('market_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.exchange, t.tradingDate] })],
);
