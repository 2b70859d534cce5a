import { storeProducts, storeShopFollows, storeShops } from '@bourse/core/store/schema.ts';
import { DEMO_CATALOGUE } from '@bourse/core/store/seed/generate.ts';
import { seedStoreCatalogue } from '@bourse/core/store/seedCatalogue.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { EMBEDDED_AND_POSTGRES } from '@bourse/core/testing/testDatabase.ts';
import { Dec, type ErrorKey, STORE_CATEGORIES, type StoreProductCard, storeRoutes } from '@bourse/shared';
import { between, eq, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

const { products: page, product: detail, shop: shopDetail, search, follow: followed } = storeRoutes;

describe.each(EMBEDDED_AND_POSTGRES)('the storefront catalogue on %s', (kind) => {
  const t = useTestServer(kind);
  let seedMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    expect(await seedStoreCatalogue(t.database)).toBe(true);
    seedMs = performance.now() - started;
  });

  const get = (path: string, lang = 'en', token?: string) => t.api.get(`/api/store${path}`, { lang, token });
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) =>
    expectRefused(t.database.db, send, key);

  it('seeds 30 shops and 1,500 products once, in well under the start budget', async () => {
    // Seeding runs on first start (measured: about 1.9 s on PGlite, 0.5 s on PostgreSQL, 2 shared cores).
    expect(seedMs).toBeLessThan(10_000);
    expect(await seedStoreCatalogue(t.database)).toBe(false);
    expect(await t.database.db.$count(storeShops)).toBe(DEMO_CATALOGUE.shops);
    expect(await t.database.db.$count(storeProducts)).toBe(
      DEMO_CATALOGUE.shops * DEMO_CATALOGUE.productsPerShop,
    );
    const categories = expectOk(await get('/categories'), storeRoutes.categories.response).items;
    expect(categories.map((c) => c.key)).toEqual([...STORE_CATEGORIES]);
    expect(categories.every((c) => c.productCount > 0)).toBe(true);
    expect(categories.reduce((n, c) => n + c.productCount, 0)).toBe(1500);
  });

  it('names everything in the language asked for', async () => {
    const en = expectOk(await get('/product?id=1', 'en'), detail.response);
    const zh = expectOk(await get('/product?id=1', 'zh-CN'), detail.response);
    const th = expectOk(await get('/product?id=1', 'th'), detail.response);
    expect(new Set([en.name, zh.name, th.name]).size).toBe(3);
    expect(zh.description).toMatch(/[\u4e00-\u9fff]/);
    expect(th.description).toMatch(/[\u0e00-\u0e7f]/);
    const cats = expectOk(await get('/categories', 'ja'), storeRoutes.categories.response).items;
    expect(cats.find((c) => c.key === 'toys')?.name).toBe('おもちゃ');
  });

  it('pages through a category by cursor without repeats or gaps, in every sort order', async () => {
    const all = await t.database.db
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(eq(storeProducts.category, 'phone'));
    const keys = {
      sales: 'sales',
      priceAsc: 'price',
      priceDesc: 'price',
      newest: null,
      rating: 'rating',
    } as const;
    for (const sort of ['sales', 'priceAsc', 'priceDesc', 'newest', 'rating'] as const) {
      const seen: StoreProductCard[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/products?category=phone&sort=${sort}&limit=37${cursor ? `&cursor=${cursor}` : ''}`;
        const res = expectOk(await get(query), page.response);
        seen.push(...res.items);
        cursor = res.nextCursor;
      } while (cursor);
      expect(seen.map((p) => p.id).sort((a, b) => a - b)).toEqual(all.map((p) => p.id).sort((a, b) => a - b));
      expect(seen.every((p) => p.category === 'phone')).toBe(true);
      const key = keys[sort];
      if (key) {
        const values = seen.map((p) => new Dec(p[key]));
        const ordered = values.every(
          (v, i) =>
            i === 0 || (sort === 'priceAsc' ? v.gte(values[i - 1] as Dec) : v.lte(values[i - 1] as Dec)),
        );
        expect(ordered, sort).toBe(true);
      }
    }
  });

  it('filters by price range', async () => {
    const res = expectOk(
      await get('/products?minPrice=20&maxPrice=40.50&sort=priceDesc&limit=50'),
      page.response,
    );
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.every((p) => new Dec(p.price).gte(20) && new Dec(p.price).lte('40.50'))).toBe(true);
    const [dearest] = await t.database.db
      .select({ price: max(storeProducts.price) })
      .from(storeProducts)
      .where(between(storeProducts.price, '20', '40.50'));
    expect(res.items[0]?.price).toBe(dearest?.price);
  });

  it('shows a product with its specs, shop and recommendations, and its pictures', async () => {
    const p = expectOk(await get('/product?id=42'), detail.response);
    expect(p.specs.length).toBeGreaterThanOrEqual(2);
    expect(p.price).toBe(
      p.specs
        .map((s) => new Dec(s.price))
        .reduce((a, b) => Dec.min(a, b))
        .toFixed(2),
    );
    expect(p.shop.id).toBe(p.shopId);
    expect(p.similar.every((s) => s.category === p.category && s.id !== p.id)).toBe(true);
    expect(p.fromShop.every((s) => s.shopId === p.shopId && s.id !== p.id)).toBe(true);
    expect(p.similar.length).toBe(6);
    for (const url of [...p.images, p.shop.logoUrl, '/api/store/images/category/toys.svg']) {
      const res = await fetch(`${t.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toContain('max-age=31536000');
      expect(await res.text()).toMatch(/^<svg /);
    }
    expect((await fetch(`${t.baseUrl}/api/store/images/product/999999.svg`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/store/images/product/1-9.svg`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/store/images/category/weapons.svg`)).status).toBe(404);
  });

  it('shows a shop with its freight rule and best sellers', async () => {
    const s = expectOk(await get('/shop?id=3'), shopDetail.response);
    expect(s.shop.id).toBe(3);
    expect(s.products.items.length).toBe(20);
    expect(s.products.items.every((p) => p.shopId === 3)).toBe(true);
    const home = expectOk(await get('/home'), storeRoutes.home.response);
    expect(home.banners).toHaveLength(3);
    expect(home.hotProducts[0]?.sales).toBeGreaterThanOrEqual(home.hotProducts.at(-1)?.sales ?? 0);
    expect(home.hotShops.length).toBe(6);
  });

  it('finds a product with a typo in English and by a partial word in Chinese, Japanese and Thai', async () => {
    const typo = expectOk(await get('/search?q=smartphnoe'), search.response);
    expect(typo.products.length).toBeGreaterThan(0);
    expect(typo.products.every((p) => p.name.includes('Smartphone'))).toBe(true);
    const zh = expectOk(await get(`/search?q=${encodeURIComponent('耳机')}`, 'zh-CN'), search.response);
    expect(zh.products.length).toBeGreaterThan(0);
    expect(zh.products.every((p) => p.name.includes('蓝牙耳机'))).toBe(true);
    const ja = expectOk(await get(`/search?q=${encodeURIComponent('イヤホン')}`, 'ja'), search.response);
    expect(ja.products[0]?.name).toContain('ワイヤレスイヤホン');
    const th = expectOk(await get(`/search?q=${encodeURIComponent('หูฟัง')}`, 'th'), search.response);
    expect(th.products[0]?.name).toContain('หูฟังไร้สาย');
    const shops = expectOk(await get('/search?q=nordvk'), search.response);
    expect(shops.shops[0]?.name).toContain('Nordvik');
    const none = expectOk(await get('/search?q=zzqqxx'), search.response);
    expect(none).toEqual({ products: [], shops: [] });
    // LIKE wildcards are searched for, not obeyed.
    expect(expectOk(await get('/search?q=%25'), search.response).products).toEqual([]);
  });

  it('counts a fan exactly once under ten concurrent follows, and once off again', async () => {
    const { token } = await t.api.signUp();
    const fansOf = async () =>
      (await t.database.db.select({ fans: storeShops.fans }).from(storeShops).where(eq(storeShops.id, 5)))[0]
        ?.fans;
    const before = await fansOf();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api.post('/api/store/follows', { shopId: 5 }, { token, lang: 'en' }),
      ),
    );
    for (const res of results) expect(expectOk(res, followed.response).followed).toBe(true);
    expect(await fansOf()).toBe((before ?? 0) + 1);
    expect(expectOk(await get('/follows', 'en', token), storeRoutes.follows.response).shopIds).toEqual([5]);
    const unfollow = () => t.api.request('DELETE', '/api/store/follows?shopId=5', { token, lang: 'en' });
    await Promise.all([unfollow(), unfollow(), unfollow()]);
    expect(await fansOf()).toBe(before);
    expect(await t.database.db.$count(storeShopFollows)).toBe(0);
  });

  it('refuses bad input in the user’s language and writes nothing', async () => {
    const { token } = await t.api.signUp();
    await refused(() => get('/products?category=weapons'), 'store.badCategory');
    await refused(() => get('/products?sort=cheapest'), 'store.badSort');
    await refused(() => get('/products?minPrice=-1'), 'store.badPrice');
    await refused(() => get('/products?minPrice=1.005'), 'store.badPrice');
    await refused(() => get('/products?minPrice=50&maxPrice=10'), 'store.badPriceRange');
    await refused(() => get('/products?cursor=bm90LWEtY3Vyc29y'), 'store.badCursor');
    const salesCursor = expectOk(await get('/products?limit=1'), page.response).nextCursor;
    await refused(() => get(`/products?sort=newest&cursor=${salesCursor}`), 'store.badCursor');
    await refused(() => get('/product?id=abc'), 'store.unknownProduct');
    await refused(() => get('/product?id=999999'), 'store.unknownProduct');
    await refused(() => get('/shop?id=0'), 'store.unknownShop');
    await refused(() => get('/search?q=%20%20'), 'store.badQuery');
    await refused(() => get(`/search?q=${'a'.repeat(61)}`), 'store.badQuery');
    await refused(
      () => t.api.post('/api/store/follows', { shopId: 999 }, { token, lang: 'en' }),
      'store.unknownShop',
    );
    await refused(
      () => t.api.post('/api/store/follows', { shopId: 'x' }, { token, lang: 'en' }),
      'store.unknownShop',
    );
    await refused(() => t.api.post('/api/store/follows', { shopId: 1 }, { lang: 'en' }), 'auth.loginFirst');
    expectFailure(await get('/products?sort=cheapest', 'fr'), 'store.badSort', 'fr');
  });
});
