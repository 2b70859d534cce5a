import type {
  StoreAfterSaleState as AfterSale,
  StoreClosureState as Closure,
  StoreFulfilmentState as Fulfilment,
  StorePaymentState as Payment,
  StoreOrderStatus,
} from '@bourse/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { journalEntries } from '../ledger/schema.ts';
import { at, usd } from './columns.ts';
import { type Localised, storeProductSpecs, storeProducts, storeShops } from './schema.ts';

const createdAt = () => at('created_at').notNull().defaultNow();
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id);

/** A shopper's delivery address; at most one default per user (partial unique index). */
export const storeAddresses = pgTable(
  'store_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    addressee: text('addressee').notNull(),
    mobile: text('mobile').notNull(),
    country: text('country').notNull(),
    region: text('region').notNull(),
    detail: text('detail').notNull(),
    tag: text('tag').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('store_addresses_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** One line of a signed-in shopper's cart: a spec, how many, and its price when added. */
export const storeCartLines = pgTable(
  'store_cart_lines',
  {
    userId: owner(),
    specId: integer('spec_id')
      .notNull()
      .references(() => storeProductSpecs.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    priceWhenAdded: usd('price_when_added').notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.specId] }),
    check('store_cart_lines_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);

/** A promo code: a percentage or an amount off, from a minimum spend, in a window, so many uses per user. */
export const storePromoCodes = pgTable(
  'store_promo_codes',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** Percent (e.g. 10 for 10%) or USD. */
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    minSpend: usd('min_spend').notNull().default('0'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    perUserLimit: integer('per_user_limit').notNull().default(1),
  },
  (t) => [
    check(
      'store_promo_codes_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
  ],
);

/**
 * One checkout: the orders it made (one per shop) and its Idempotency-Key. A promo code used by
 * it counts once against the user's limit.
 */
export const storeCheckouts = pgTable(
  'store_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    promoCode: text('promo_code').references(() => storePromoCodes.code),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('store_checkouts_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('store_checkouts_user_promo_idx').on(t.userId, t.promoCode),
  ],
);

/** One payment of one or more orders from the storefront balance: one ledger entry. */
export const storePayments = pgTable(
  'store_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    amount: usd('amount').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('store_payments_user_idempotency_idx').on(t.userId, t.idempotencyKey)],
);

/**
 * A shop's part of a checkout. Its four machines are columns of their own; `status` is the
 * shopper's status derived from them (deriveStoreOrderStatus), written with every change so
 * that the list's tabs are an index scan.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the shopper quotes to support: date and a sequence, e.g. S20261127000042. */
    number: text('number').notNull().unique(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => storeCheckouts.id),
    userId: owner(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => storeShops.id),
    address: jsonb('address')
      .$type<{
        addressee: string;
        mobile: string;
        country: string;
        region: string;
        detail: string;
        tag: string;
      }>()
      .notNull(),
    subtotal: usd('subtotal').notNull(),
    freight: usd('freight').notNull(),
    discount: usd('discount').notNull(),
    total: usd('total').notNull(),
    promoCode: text('promo_code'),
    payment: text('payment').$type<Payment>().notNull().default('unpaid'),
    fulfilment: text('fulfilment').$type<Fulfilment>().notNull().default('unfulfilled'),
    afterSale: text('after_sale').$type<AfterSale>().notNull().default('none'),
    closure: text('closure').$type<Closure>().notNull().default('open'),
    status: text('status').$type<StoreOrderStatus>().notNull().default('waitingPay'),
    paymentId: uuid('payment_id').references(() => storePayments.id),
    expiresAt: at('expires_at').notNull(),
    /** The carrier's tracking number, once the shop has shipped it. */
    trackingNo: text('tracking_no'),
    /** When the next automatic step (ship, confirm receipt, complete) is due; null when none is. */
    nextAutoAt: at('next_auto_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('store_orders_user_status_idx').on(t.userId, t.status, t.seq),
    index('store_orders_user_seq_idx').on(t.userId, t.seq),
    // The seller console's lists and its statistics by day: one shop's orders.
    index('store_orders_shop_idx').on(t.shopId, t.seq),
    // The expiry sweep's scan: open unpaid orders by deadline.
    index('store_orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.payment} = 'unpaid' and ${t.closure} = 'open'`),
    // The fulfilment sweep's scan: orders whose automatic step is due.
    index('store_orders_next_auto_idx').on(t.nextAutoAt).where(sql`${t.nextAutoAt} is not null`),
    check('store_orders_total_check', sql`${t.total} >= 0 and ${t.discount} >= 0 and ${t.freight} >= 0`),
  ],
);

/** What was bought, as it was at checkout (names and prices copied, so later edits change nothing). */
export const storeOrderLines = pgTable(
  'store_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id),
    specId: integer('spec_id')
      .notNull()
      .references(() => storeProductSpecs.id),
    name: jsonb('name').$type<Localised>().notNull(),
    specLabel: jsonb('spec_label').$type<Localised>().notNull(),
    unitPrice: usd('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    subtotal: usd('subtotal').notNull(),
  },
  (t) => [index('store_order_lines_order_idx').on(t.orderId)],
);

/** The timeline: every move of every machine of an order, in order. */
export const storeOrderEvents = pgTable(
  'store_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id),
    machine: text('machine').notNull(),
    event: text('event').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('store_order_events_order_idx').on(t.orderId, t.id)],
);
