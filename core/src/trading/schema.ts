import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { marketAt } from '../db/marketAt.ts';
import { createdNow as at, cny, owner, priceColumn as price } from '../ledger/columns.ts';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['stock', 'fund'] }).notNull(),
    /** feedShard(symbol): the matcher holding this shard fills the order. */
    shard: smallint('shard').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['limit', 'market'] }).notNull(),
    price: price('price'),
    /** The worst fill price: the limit, or the band's edge for a market order. Cash is frozen at it. */
    reservePrice: price('reserve_price').notNull(),
    quantity: integer('quantity').notNull(),
    filledQuantity: integer('filled_quantity').notNull().default(0),
    filledAmount: cny('filled_amount').notNull().default('0'),
    fees: cny('fees').notNull().default('0'),
    frozenCash: cny('frozen_cash').notNull().default('0'),
    status: text('status', {
      enum: ['pending', 'partially_filled', 'filled', 'cancelled', 'rejected'],
    }).notNull(),
    cancelReason: text('cancel_reason', { enum: ['user', 'expired', 'marketRemainder'] }),
    /** ORDER_SESSIONS of @bourse/shared: which auction or session the order trades in. */
    session: text('session', { enum: ['openingCall', 'held', 'day', 'afterHours'] })
      .notNull()
      .default('day'),
    tradingDate: text('trading_date').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request body: the same key with another body is a conflict. */
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at'),
    marketAt: marketAt(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_date_idx').on(t.userId, t.tradingDate, t.createdAt),
    index('orders_open_idx').on(t.shard, t.symbol).where(sql`${t.status} in ('pending', 'partially_filled')`),
    check(
      'orders_quantity_check',
      sql`${t.quantity} > 0 and ${t.filledQuantity} between 0 and ${t.quantity}`,
    ),
    check('orders_frozen_check', sql`${t.frozenCash} >= 0`),
  ],
);

export const fills = pgTable(
  'fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: owner(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    price: price('price').notNull(),
    quantity: integer('quantity').notNull(),
    amount: cny('amount').notNull(),
    commission: cny('commission').notNull(),
    stampDuty: cny('stamp_duty').notNull(),
    transferFee: cny('transfer_fee').notNull(),
    tradingDate: text('trading_date').notNull(),
    /** What the fill answers: a book level at placement or a feed trade; with the order, it identifies the fill. */
    source: text('source').notNull(),
    createdAt: at('created_at'),
    marketAt: marketAt(),
  },
  (t) => [
    uniqueIndex('fills_order_source_idx').on(t.orderId, t.source),
    index('fills_user_created_idx').on(t.userId, t.createdAt),
    check('fills_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** The open holding of a symbol; removed when it reaches zero, its figures moving to position_history. */
export const positions = pgTable(
  'positions',
  {
    userId: owner(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Held by open sell orders. */
    frozenQuantity: integer('frozen_quantity').notNull().default(0),
    cost: cny('cost').notNull(),
    realisedPnl: cny('realised_pnl').notNull().default('0'),
    buyQuantity: integer('buy_quantity').notNull().default(0),
    buyAmount: cny('buy_amount').notNull().default('0'),
    sellAmount: cny('sell_amount').notNull().default('0'),
    fees: cny('fees').notNull().default('0'),
    /** The trading date the day_* figures are of; any other date means they start afresh. */
    dayDate: text('day_date').notNull(),
    dayOpenQuantity: integer('day_open_quantity').notNull(),
    dayBuyQuantity: integer('day_buy_quantity').notNull().default(0),
    dayBuyAmount: cny('day_buy_amount').notNull().default('0'),
    daySellAmount: cny('day_sell_amount').notNull().default('0'),
    dayFees: cny('day_fees').notNull().default('0'),
    openedAt: at('opened_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.symbol] }),
    check(
      'positions_quantity_check',
      sql`${t.quantity} >= 0 and ${t.frozenQuantity} between 0 and ${t.quantity}`,
    ),
  ],
);

export const positionHistory = pgTable(
  'position_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    buyQuantity: integer('buy_quantity').notNull(),
    buyAmount: cny('buy_amount').notNull(),
    sellAmount: cny('sell_amount').notNull(),
    fees: cny('fees').notNull(),
    realisedPnl: cny('realised_pnl').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: at('closed_at'),
    /** Market time of the close (closed_at is real time). */
    marketAt: marketAt(),
    closedTradingDate: text('closed_trading_date').notNull(),
  },
  (t) => [index('position_history_user_closed_idx').on(t.userId, t.closedAt)],
);

/**
 * The fencing token of each matcher shard: a matcher writes its token here in every fill
 * transaction, and one whose token is older than the stored one (it lost the Redis lock) fails.
 */
export const matcherFences = pgTable('matcher_fences', {
  shard: smallint('shard').primaryKey(),
  token: bigint('token', { mode: 'number' }).notNull(),
});
