import {
  Dec,
  LOCALES,
  type Locale,
  STORE_CATEGORIES,
  type StoreCategory,
  toMoneyString,
} from '@bourse/shared';
import type { Localised } from '../schema.ts';
import { searchTextOf } from '../searchText.ts';
import { BRANDS, CATEGORY_TEMPLATES, CLOSING_LINES, SERIES, SHOP_NAMES } from './templates.ts';

export interface CatalogueSize {
  shops: number;
  productsPerShop: number;
}

/** The demo catalogue: 30 shops of 50 products each. */
export const DEMO_CATALOGUE: CatalogueSize = { shops: BRANDS.length, productsPerShop: 50 };
export const DEMO_SEED = 20_261_127;

export interface ShopRow {
  id: number;
  name: Localised;
  searchText: string;
  logoHue: number;
  fans: number;
  sales: number;
  favourableRate: string;
  totalSales: string;
  freightFlat: string;
  freightFreeOver: string | null;
}

export interface ProductRow {
  id: number;
  shopId: number;
  category: StoreCategory;
  name: Localised;
  description: Localised;
  searchText: string;
  price: string;
  rating: string;
  sales: number;
  imageHue: number;
  createdAt: Date;
}

export interface SpecRow {
  productId: number;
  kind: 'size' | 'colour' | 'capacity';
  label: Localised;
  price: string;
  stock: number;
  position: number;
}

export interface Catalogue {
  shops: ShopRow[];
  products: ProductRow[];
  specs: SpecRow[];
}

/** mulberry32: a small seeded generator, so the same seed always makes the same catalogue. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Latin-script languages put the product type first, the others the brand.
const TYPE_FIRST: ReadonlySet<Locale> = new Set(['fr', 'it']);

const mapLocales = (make: (locale: Locale) => string): Localised =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Localised;

// Products are dated within the year before this moment, so "newest" is stable across runs.
const CATALOGUE_EPOCH = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;

/** A deterministic catalogue for `seed`: ids from 1, names and descriptions in every language. */
export function generateCatalogue(seed: number, size: CatalogueSize = DEMO_CATALOGUE): Catalogue {
  const random = randomSource(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const shops: ShopRow[] = [];
  const products: ProductRow[] = [];
  const specs: SpecRow[] = [];

  for (let s = 0; s < size.shops; s++) {
    const shopId = s + 1;
    const brand = BRANDS[s % BRANDS.length] as string;
    const shopName = (SHOP_NAMES[s % SHOP_NAMES.length] as (b: string) => Localised)(brand);
    // Each shop sells mostly one category and some of a second.
    const main = STORE_CATEGORIES[s % STORE_CATEGORIES.length] as StoreCategory;
    const side = STORE_CATEGORIES[(s * 3 + 1) % STORE_CATEGORIES.length] as StoreCategory;
    let shopSales = 0;
    let shopTurnover = new Dec(0);

    for (let p = 0; p < size.productsPerShop; p++) {
      const productId = products.length + 1;
      const category = p < Math.ceil(size.productsPerShop * 0.7) ? main : side;
      const template = CATEGORY_TEMPLATES[category];
      const productType = pick(template.types);
      const model = `${pick(SERIES)} ${int(2, 20)}`;
      const name = mapLocales((locale) =>
        TYPE_FIRST.has(locale)
          ? `${productType.name[locale]} ${brand} ${model}`
          : `${brand} ${productType.name[locale]} ${model}`,
      );
      const closing = pick(CLOSING_LINES);
      const description = mapLocales((locale) => `${template.pitch[locale]} ${closing[locale]}`);
      // Sales are long-tailed: most products sell a little, a few sell a lot.
      const sales = Math.floor(Math.exp(random() * 9.5));
      const base = new Dec(int(productType.price[0], productType.price[1])).plus('0.99');

      const labels = productType.specs.labels;
      const count = Math.min(labels.length, int(2, 4));
      const first = productType.specs.kind === 'colour' ? int(0, labels.length - count) : 0;
      for (let k = 0; k < count; k++) {
        specs.push({
          productId,
          kind: productType.specs.kind,
          label: labels[first + k] as Localised,
          price: toMoneyString(base.plus(new Dec(productType.specs.step).times(k))),
          // About one spec in twelve is sold out.
          stock: random() < 0.08 ? 0 : int(1, 500),
          position: k,
        });
      }
      products.push({
        id: productId,
        shopId,
        category,
        name,
        description,
        searchText: searchTextOf(name),
        price: toMoneyString(base),
        rating: new Dec(int(35, 50)).div(10).toFixed(1),
        sales,
        imageHue: int(0, 359),
        createdAt: new Date(CATALOGUE_EPOCH - int(0, 365 * DAY_MS)),
      });
      shopSales += sales;
      shopTurnover = shopTurnover.plus(base.times(sales));
    }

    const freeOver = pick([null, '29.00', '49.00', '99.00']);
    shops.push({
      id: shopId,
      name: shopName,
      searchText: searchTextOf(shopName),
      logoHue: int(0, 359),
      fans: int(120, 250_000),
      sales: shopSales,
      favourableRate: new Dec(int(920, 999)).div(10).toFixed(1),
      totalSales: toMoneyString(shopTurnover),
      freightFlat: pick(['0.00', '2.99', '4.99', '7.99']),
      freightFreeOver: freeOver,
    });
  }
  return { shops, products, specs };
}
