import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';
import { bytea } from '../../db/bytea.ts';
import { storeOrderLines, storeOrders } from '../orderSchema.ts';
import { storeProducts, storeShops } from '../schema.ts';

const scoreCheck = (column: string) => sql.raw(`${column} between 1 and 5`);

/**
 * A shopper's review of one received order line: at most one per line (the unique index is
 * the last word when two arrive at once). Product and shop are copied from the line so the
 * product's rating and the shop's favourable rate are one index scan to recompute. The shop
 * replies once: the reply's text, when and who are all set together (CHECK), never changed after.
 */
export const storeReviews = pgTable(
  'store_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The cursor of the newest-first lists. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storeOrders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .unique()
      .references(() => storeOrderLines.id),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => storeShops.id),
    content: text('content').notNull(),
    productScore: integer('product_score').notNull(),
    serviceScore: integer('service_score').notNull(),
    postageScore: integer('postage_score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    replyContent: text('reply_content'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The shop's owner who replied. */
    repliedBy: uuid('replied_by').references(() => users.id),
  },
  (t) => [
    index('store_reviews_product_idx').on(t.productId, t.seq),
    // The seller's list: the shop's unanswered reviews first, newest first.
    index('store_reviews_shop_idx').on(t.shopId, t.seq),
    index('store_reviews_user_idx').on(t.userId, t.seq),
    check('store_reviews_product_score_check', scoreCheck('product_score')),
    check('store_reviews_service_score_check', scoreCheck('service_score')),
    check('store_reviews_postage_score_check', scoreCheck('postage_score')),
    check(
      'store_reviews_reply_check',
      sql`(${t.replyContent} is null) = (${t.repliedAt} is null) and (${t.repliedAt} is null) = (${t.repliedBy} is null)`,
    ),
  ],
);

/** A review's pictures, as sent but stripped of their metadata (EXIF, XMP, text chunks). */
export const storeReviewPictures = pgTable(
  'store_review_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => storeReviews.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mimeType: text('mime_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('store_review_pictures_review_idx').on(t.reviewId, t.position)],
);
