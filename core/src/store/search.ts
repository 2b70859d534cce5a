import type { Locale, StoreSearch } from '@bourse/shared';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { onSale, productCardColumns, shopCardColumns, toProductCard, toShopCard } from './catalogue.ts';
import { storeProducts, storeSearchVersion, storeShops } from './schema.ts';
import { SearchIndex } from './searchIndex.ts';
import { normaliseSearch } from './searchText.ts';

const LIMITS = { products: 20, shops: 5 };
/** Sales rank equally good matches: the index takes them afresh this often even when no name changed. */
const RANKING_REFRESH_MS = 60_000;

export interface CatalogueSearch {
  search(query: string, locale: Locale): Promise<StoreSearch>;
}

/**
 * Search by product or shop name over a process's in-memory index (docs/adr/0038). Each search
 * reads the catalogue's search version first, so a product added, renamed or delisted on any
 * server is searched as it now is; the cards are read from the database, so a price or a
 * delisting shows at once.
 */
export function catalogueSearch(db: Db, now: () => number = Date.now): CatalogueSearch {
  let loaded: { version: number; at: number; index: SearchIndex } | undefined;
  let loading: { version: number; index: Promise<SearchIndex> } | undefined;

  async function load(version: number): Promise<SearchIndex> {
    // Read after the version: a change committed in between is in these rows, and the next search reloads for its version.
    const [products, shops] = await Promise.all([
      db
        .select({ id: storeProducts.id, searchText: storeProducts.searchText, sales: storeProducts.sales })
        .from(storeProducts)
        .where(onSale),
      db
        .select({ id: storeShops.id, searchText: storeShops.searchText, sales: storeShops.sales })
        .from(storeShops),
    ]);
    const index = new SearchIndex(products, shops);
    if (!loaded || loaded.version <= version) loaded = { version, at: now(), index };
    return index;
  }

  /** Sales move with every completed order and fire no trigger: only they are read again. */
  async function refreshSales(index: SearchIndex): Promise<void> {
    const bySales = (rows: { id: number; sales: number }[]) =>
      new Map(rows.map((row) => [row.id, row.sales]));
    const [products, shops] = await Promise.all([
      db.select({ id: storeProducts.id, sales: storeProducts.sales }).from(storeProducts).where(onSale),
      db.select({ id: storeShops.id, sales: storeShops.sales }).from(storeShops),
    ]);
    index.updateSales({ products: bySales(products), shops: bySales(shops) });
  }

  async function currentIndex(): Promise<SearchIndex> {
    const [row] = await db.select({ version: storeSearchVersion.version }).from(storeSearchVersion);
    const version = row?.version ?? 0;
    if (loaded && loaded.version === version) {
      if (now() - loaded.at >= RANKING_REFRESH_MS) {
        loaded.at = now();
        await refreshSales(loaded.index);
      }
      return loaded.index;
    }
    // Searches that see the same version while it loads share the load.
    if (loading?.version !== version) {
      const index = load(version).finally(() => {
        if (loading?.index === index) loading = undefined;
      });
      loading = { version, index };
    }
    return loading.index;
  }

  return {
    async search(query, locale) {
      const ids = (await currentIndex()).search(normaliseSearch(query), LIMITS);
      const [products, shops] = await Promise.all([
        ids.products.length === 0
          ? []
          : db
              .select(productCardColumns)
              .from(storeProducts)
              .where(and(onSale, inArray(storeProducts.id, ids.products))),
        ids.shops.length === 0
          ? []
          : db.select(shopCardColumns).from(storeShops).where(inArray(storeShops.id, ids.shops)),
      ]);
      const inIndexOrder = <R extends { id: number }>(rows: R[], order: number[]) =>
        rows.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
      return {
        products: inIndexOrder(products, ids.products).map((row) => toProductCard(row, locale)),
        shops: inIndexOrder(shops, ids.shops).map((row) => toShopCard(row, locale)),
      };
    },
  };
}
