import type { Locale, SpecKind, StoreCategory } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

/** A text in each of the seven languages. */
export type Localised = Record<Locale, string>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A storefront shop. `fans` moves only with a row of store_shop_follows, in one transaction;
 * `search_text` is every language's name, lower-cased, for search (docs/adr/0015).
 */
export const storeShops = pgTable(
  'store_shops',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Localised>().notNull(),
    searchText: text('search_text').notNull(),
    /** Hue (0–359) of the generated logo. */
    logoHue: smallint('logo_hue').notNull(),
    fans: integer('fans').notNull().default(0),
    /** Units sold. */
    sales: integer('sales').notNull().default(0),
    /** Percent of favourable reviews, e.g. 98.6. */
    favourableRate: numeric('favourable_rate', { precision: 4, scale: 1 }).notNull(),
    /** USD, all-time. */
    totalSales: numeric('total_sales', { precision: 14, scale: 2 }).notNull(),
    /** Freight per order: a flat USD amount, free from `freight_free_over` when set. */
    freightFlat: numeric('freight_flat', { precision: 12, scale: 2 }).notNull(),
    freightFreeOver: numeric('freight_free_over', { precision: 12, scale: 2 }),
    /** The user whose shop it is (a merchant application approved) and whom its payouts go to; null for the platform's own shops (the seeded ones). */
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('store_shops_fans_check', sql`${t.fans} >= 0`)],
);

/** Who follows which shop: the row, not a counter, decides that a user counts once. */
export const storeShopFollows = pgTable(
  'store_shop_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => storeShops.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), index('store_shop_follows_shop_idx').on(t.shopId)],
);

export const storeProducts = pgTable(
  'store_products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => storeShops.id, { onDelete: 'cascade' }),
    category: text('category').$type<StoreCategory>().notNull(),
    name: jsonb('name').$type<Localised>().notNull(),
    description: jsonb('description').$type<Localised>().notNull(),
    searchText: text('search_text').notNull(),
    /** The lowest of its specs' prices (USD), kept by whoever writes the specs: lists sort on it. */
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    /** 0.0–5.0. */
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull(),
    sales: integer('sales').notNull().default(0),
    /** Hue (0–359) of the generated pictures. */
    imageHue: smallint('image_hue').notNull(),
    /**
     * The file name (`<hash>.<ext>`) of its first uploaded picture, kept with the pictures by
     * whoever writes them; null without uploads, when the generated pictures show.
     */
    mainPicture: text('main_picture'),
    /** When its seller took it off sale; null while on sale. Lists, search and checkout skip it; orders keep it. */
    delistedAt: timestamp('delisted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'store_products_category_check',
      sql`${t.category} in ('computer', 'electrical', 'outdoors', 'family', 'health', 'menswear', 'womenswear', 'food', 'phone', 'toys')`,
    ),
    check('store_products_rating_check', sql`${t.rating} between 0 and 5`),
    index('store_products_category_sales_idx').on(t.category, t.sales, t.id),
    index('store_products_shop_sales_idx').on(t.shopId, t.sales, t.id),
  ],
);

/**
 * One row whose version moves, in the writing transaction, whenever a product or shop is
 * added, removed, renamed, delisted or relisted (triggers in migration 0035): each server's
 * in-memory search index reloads when it sees a new version (docs/adr/0038).
 */
export const storeSearchVersion = pgTable(
  'store_search_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('store_search_version_one_row', sql`${t.id} = 1`)],
);

/** The CHECK that keeps a spec's stock from going below zero: checkout's decrements rely on it. */
export const STOCK_CHECK = 'store_product_specs_stock_check';

/** A product's variant (size, colour or capacity): the unit of sale, with its own price and stock. */
export const storeProductSpecs = pgTable(
  'store_product_specs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SpecKind>().notNull(),
    label: jsonb('label').$type<Localised>().notNull(),
    /** USD. */
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    stock: integer('stock').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    check('store_product_specs_kind_check', sql`${t.kind} in ('size', 'colour', 'capacity')`),
    check('store_product_specs_price_check', sql`${t.price} > 0`),
    // A reservation that would take more than there is fails here, whatever the code above it.
    check(STOCK_CHECK, sql`${t.stock} >= 0`),
    index('store_product_specs_product_idx').on(t.productId, t.position),
  ],
);
