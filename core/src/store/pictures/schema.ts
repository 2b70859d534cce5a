import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.ts';
import { storeProducts } from '../schema.ts';

/**
 * A product's pictures uploaded by its seller, stripped of their metadata, in the order the seller
 * set (position 0 is the main picture). Public: served by the hash of their content, so a URL
 * never changes what it shows and may be cached for good.
 */
export const storeProductPictures = pgTable(
  'store_product_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mimeType: text('mime_type').notNull(),
    /** SHA-256 of `content`, hex: the picture's file name in its URL. */
    contentHash: text('content_hash').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    index('store_product_pictures_product_idx').on(t.productId, t.position),
    index('store_product_pictures_hash_idx').on(t.contentHash),
  ],
);
