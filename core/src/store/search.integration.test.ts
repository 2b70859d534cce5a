import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/index.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { storeProducts, storeShops } from './schema.ts';
import { type CatalogueSearch, catalogueSearch } from './search.ts';
import { insertKiteShop } from './testing.ts';

describe.each(DB_KINDS)('storefront search across servers on %s', (kind) => {
  let database: Database;
  let clock = 0;
  let first: CatalogueSearch;
  let second: CatalogueSearch;
  const productIds = async (search: CatalogueSearch, query: string) =>
    (await search.search(query, 'en')).products.map((p) => p.id);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Two servers' indexes over one database, with a clock the test moves.
    first = catalogueSearch(database.db, () => clock);
    second = catalogueSearch(database.db, () => clock);
  });
  afterAll(() => database.close());

  it('finds what another server added, renamed or delisted at the next search', async () => {
    expect(await productIds(second, 'kite')).toEqual([]);
    const { productId, shopId } = await insertKiteShop(database.db, [
      { label: 'Red', price: '9.90', stock: 3 },
    ]);
    expect(await productIds(first, 'kite')).toEqual([productId]);
    expect(await productIds(second, 'kite')).toEqual([productId]);
    expect(await productIds(second, 'ktie')).toEqual([]);

    await database.db
      .update(storeProducts)
      .set({ searchText: 'harbour kite' })
      .where(eq(storeProducts.id, productId));
    expect(await productIds(second, 'harbor kite')).toEqual([productId]);

    await database.db
      .update(storeProducts)
      .set({ delistedAt: new Date() })
      .where(eq(storeProducts.id, productId));
    expect(await productIds(second, 'kite')).toEqual([]);
    await database.db.update(storeProducts).set({ delistedAt: null }).where(eq(storeProducts.id, productId));
    expect(await productIds(second, 'kite')).toEqual([productId]);

    await database.db.update(storeShops).set({ searchText: 'gull kites' }).where(eq(storeShops.id, shopId));
    expect((await second.search('gull', 'en')).shops.map((s) => s.id)).toEqual([shopId]);
  });

  it('ranks by sales that moved without a new version once the index is a minute old', async () => {
    const a = await insertKiteShop(database.db, [{ label: 'Blue', price: '5.00', stock: 1 }]);
    const b = await insertKiteShop(database.db, [{ label: 'Green', price: '5.00', stock: 1 }]);
    const ranked = await productIds(second, 'kite');
    const [top, next] = ranked.filter((id) => id === a.productId || id === b.productId);
    const behind = next!;
    await database.db.update(storeProducts).set({ sales: 1_000 }).where(eq(storeProducts.id, behind));
    // Sales do not move the version: the index keeps its ranking until it is a minute old.
    const stale = await productIds(second, 'kite');
    expect(stale.indexOf(top!)).toBeLessThan(stale.indexOf(behind));
    clock += 60_000;
    const fresh = await productIds(second, 'kite');
    expect(fresh[0]).toBe(behind);
    // The card's figure is read from the database either way.
    expect((await second.search('kite', 'en')).products[0]?.sales).toBe(1_000);
  });
});
