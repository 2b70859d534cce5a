import type { Locale, StoreHome } from '@bourse/shared';
import { desc } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import {
  categoriesWithCounts,
  onSale,
  productCardColumns,
  toProductCard,
  topProducts,
  topShops,
} from './catalogue.ts';
import { storeProducts } from './schema.ts';

const BANNERS = 3;
const HOT_PRODUCTS = 10;
const HOT_SHOPS = 6;
const RECOMMENDED = 10;

/**
 * The storefront home. Hot means best-selling by the sales counters until paid orders exist
 * (docs/adr/0015); banners show the best seller of the three strongest categories, and
 * recommendations the best-rated products.
 */
export async function storeHome(db: Db, locale: Locale): Promise<StoreHome> {
  const [categories, hotProducts, hotShops, rated, leaders] = await Promise.all([
    categoriesWithCounts(db, locale),
    topProducts(db, locale, { limit: HOT_PRODUCTS }),
    topShops(db, locale, HOT_SHOPS),
    db
      .select(productCardColumns)
      .from(storeProducts)
      .where(onSale)
      .orderBy(desc(storeProducts.rating), desc(storeProducts.sales), desc(storeProducts.id))
      .limit(RECOMMENDED),
    topProducts(db, locale, { limit: 50 }),
  ]);
  const seen = new Set<string>();
  const banners = leaders
    .filter((p) => !seen.has(p.category) && seen.add(p.category))
    .slice(0, BANNERS)
    .map((p) => ({
      productId: p.id,
      title: p.name,
      imageUrl: p.imageUrl.replace('.svg', '-1.svg'),
      price: p.price,
    }));
  return {
    banners,
    categories,
    hotProducts,
    hotShops,
    recommended: rated.map((row) => toProductCard(row, locale)),
  };
}
