import type { Locale, StoreSearch } from '@bourse/shared';
import { and, type Column, desc, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { onSale, productCardColumns, shopCardColumns, toProductCard, toShopCard } from './catalogue.ts';
import { storeProducts, storeShops } from './schema.ts';
import { normaliseSearch } from './searchText.ts';

// word_similarity of a one-letter slip in a word ("smartphnoe") is about 0.6; 0.4 also
// forgives two while keeping unrelated words out.
const TYPO_THRESHOLD = '0.4';
const PRODUCT_LIMIT = 20;
const SHOP_LIMIT = 5;
/** Below three characters there is no trigram to compare: such queries match by substring only. */
const MIN_TRIGRAM_QUERY = 3;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A query's match against a search column: trigram word similarity for typos in Latin
 * scripts, and substring for partial words, which is what CJK and Thai (no spaces, two- or
 * three-character words too short for trigrams) rely on. A substring hit ranks first.
 */
function matching(column: Column, q: string) {
  const substring = sql`${column} like ${likePattern(q)}`;
  if ([...q].length < MIN_TRIGRAM_QUERY) {
    return { where: substring, score: sql<number>`case when ${substring} then 1 else 0 end` };
  }
  const score = sql<number>`greatest(word_similarity(${q}, ${column}), case when ${substring} then 1 else 0 end)`;
  // `<%` (word similarity above the threshold) is what the trigram index can answer.
  return { where: or(substring, sql`${q} <% ${column}`), score };
}

export async function searchCatalogue(db: Db, query: string, locale: Locale): Promise<StoreSearch> {
  const q = normaliseSearch(query);
  const product = matching(storeProducts.searchText, q);
  const shop = matching(storeShops.searchText, q);
  const [products, shops] = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
    // On a catalogue this small the planner prefers a sequential scan that computes word
    // similarity for every row: 135 ms against 15 ms through the trigram index, on PGlite.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    return [
      await tx
        .select(productCardColumns)
        .from(storeProducts)
        .where(and(onSale, product.where))
        .orderBy(desc(product.score), desc(storeProducts.sales), desc(storeProducts.id))
        .limit(PRODUCT_LIMIT),
      await tx
        .select(shopCardColumns)
        .from(storeShops)
        .where(shop.where)
        .orderBy(desc(shop.score), desc(storeShops.sales), desc(storeShops.id))
        .limit(SHOP_LIMIT),
    ] as const;
  });
  return {
    products: products.map((row) => toProductCard(row, locale)),
    shops: shops.map((row) => toShopCard(row, locale)),
  };
}
