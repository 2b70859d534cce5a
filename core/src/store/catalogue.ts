import {
  DomainError,
  type Locale,
  STORE_CATEGORIES,
  type StoreCategory,
  type StoreProductCard,
  type StoreProductPage,
  type StoreProductsQuery,
  type StoreShopCard,
  type StoreSort,
} from '@bourse/shared';
import { and, asc, count, desc, eq, gte, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { uploadedPictureUrl } from './pictures/pictures.ts';
import { storeProductSpecs, storeProducts, storeShops } from './schema.ts';
import { CATEGORY_TEMPLATES } from './seed/templates.ts';

export const productImageUrl = (id: number, view = 0) =>
  `/api/store/images/product/${id}${view === 0 ? '' : `-${view}`}.svg`;
/** A product's main picture: the first its seller uploaded, else the generated one. */
export const mainImageUrl = (id: number, mainPicture: string | null) =>
  mainPicture === null ? productImageUrl(id) : uploadedPictureUrl(mainPicture);
export const shopLogoUrl = (id: number) => `/api/store/images/shop/${id}.svg`;
export const categoryImageUrl = (key: StoreCategory) => `/api/store/images/category/${key}.svg`;

/** A product its seller has not taken off sale: the only kind lists, search and recommendations show. */
export const onSale = isNull(storeProducts.delistedAt);

export const productCardColumns = {
  id: storeProducts.id,
  shopId: storeProducts.shopId,
  category: storeProducts.category,
  name: storeProducts.name,
  price: storeProducts.price,
  rating: storeProducts.rating,
  sales: storeProducts.sales,
  mainPicture: storeProducts.mainPicture,
};
type ProductCardRow = Pick<typeof storeProducts.$inferSelect, keyof typeof productCardColumns>;

export function toProductCard(row: ProductCardRow, locale: Locale): StoreProductCard {
  return {
    id: row.id,
    shopId: row.shopId,
    category: row.category,
    name: row.name[locale],
    price: row.price,
    rating: row.rating,
    sales: row.sales,
    imageUrl: mainImageUrl(row.id, row.mainPicture),
  };
}

export const shopCardColumns = {
  id: storeShops.id,
  name: storeShops.name,
  fans: storeShops.fans,
  sales: storeShops.sales,
  favourableRate: storeShops.favourableRate,
  totalSales: storeShops.totalSales,
};
type ShopCardRow = { [K in keyof typeof shopCardColumns]: (typeof shopCardColumns)[K]['_']['data'] };

export function toShopCard(row: ShopCardRow, locale: Locale): StoreShopCard {
  return {
    id: row.id,
    name: row.name[locale],
    logoUrl: shopLogoUrl(row.id),
    fans: row.fans,
    sales: row.sales,
    favourableRate: row.favourableRate,
    totalSales: row.totalSales,
  };
}

export const categoryName = (category: StoreCategory, locale: Locale) =>
  CATEGORY_TEMPLATES[category].name[locale];

export async function categoriesWithCounts(db: Db, locale: Locale) {
  const rows = await db
    .select({ category: storeProducts.category, n: count() })
    .from(storeProducts)
    .where(onSale)
    .groupBy(storeProducts.category);
  const counts = new Map(rows.map((r) => [r.category, Number(r.n)]));
  return STORE_CATEGORIES.map((key) => ({
    key,
    name: categoryName(key, locale),
    productCount: counts.get(key) ?? 0,
    imageUrl: categoryImageUrl(key),
  }));
}

/** Each sort: its column, its direction, and how a cursor's text value is cast back. */
const SORTS: Record<StoreSort, { column: SQL; direction: 'asc' | 'desc'; cast: SQL }> = {
  sales: { column: sql`${storeProducts.sales}`, direction: 'desc', cast: sql`integer` },
  priceAsc: { column: sql`${storeProducts.price}`, direction: 'asc', cast: sql`numeric` },
  priceDesc: { column: sql`${storeProducts.price}`, direction: 'desc', cast: sql`numeric` },
  newest: { column: sql`${storeProducts.createdAt}`, direction: 'desc', cast: sql`timestamptz` },
  rating: { column: sql`${storeProducts.rating}`, direction: 'desc', cast: sql`numeric` },
};

interface Cursor {
  sort: StoreSort;
  value: string;
  id: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A cursor from the wire: made by us for this sort, or a 400 that asks for a refresh. */
function decodeCursor(text: string, sort: StoreSort): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    const valueOk = typeof parsed.value === 'string' && /^[0-9 :.+T-]{1,40}$/.test(parsed.value);
    if (parsed.sort === sort && valueOk && Number.isSafeInteger(parsed.id) && (parsed.id as number) > 0) {
      return parsed as Cursor;
    }
  } catch {
    // Not base64 JSON: answered below like any other foreign cursor.
  }
  throw new DomainError('store.badCursor');
}

/** One page of products, keyset-paged on (sort column, id) so pages never repeat or skip. */
export async function listProducts(
  db: Db,
  query: StoreProductsQuery,
  locale: Locale,
): Promise<StoreProductPage> {
  const order = SORTS[query.sort];
  const conditions: SQL[] = [onSale];
  if (query.category) conditions.push(eq(storeProducts.category, query.category));
  if (query.shopId) conditions.push(eq(storeProducts.shopId, query.shopId));
  if (query.minPrice) conditions.push(gte(storeProducts.price, query.minPrice));
  if (query.maxPrice) conditions.push(lte(storeProducts.price, query.maxPrice));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort);
    const after = sql`(${cursor.value}::${order.cast}, ${cursor.id}::integer)`;
    conditions.push(
      order.direction === 'asc'
        ? sql`(${order.column}, ${storeProducts.id}) > ${after}`
        : sql`(${order.column}, ${storeProducts.id}) < ${after}`,
    );
  }
  const by = order.direction === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...productCardColumns, sortValue: sql<string>`${order.column}::text` })
    .from(storeProducts)
    .where(and(...conditions))
    .orderBy(by(order.column), by(storeProducts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toProductCard(row, locale)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ sort: query.sort, value: String(last.sortValue), id: last.id })
        : null,
  };
}

/** Best-selling products, optionally of one category or shop, leaving one product out. */
export async function topProducts(
  db: Db,
  locale: Locale,
  {
    limit,
    category,
    shopId,
    except,
  }: { limit: number; category?: StoreCategory; shopId?: number; except?: number },
): Promise<StoreProductCard[]> {
  const rows = await db
    .select(productCardColumns)
    .from(storeProducts)
    .where(
      and(
        onSale,
        category ? eq(storeProducts.category, category) : undefined,
        shopId ? eq(storeProducts.shopId, shopId) : undefined,
        except ? ne(storeProducts.id, except) : undefined,
      ),
    )
    .orderBy(desc(storeProducts.sales), desc(storeProducts.id))
    .limit(limit);
  return rows.map((row) => toProductCard(row, locale));
}

export async function topShops(db: Db, locale: Locale, limit: number): Promise<StoreShopCard[]> {
  const rows = await db
    .select(shopCardColumns)
    .from(storeShops)
    .orderBy(desc(storeShops.sales), desc(storeShops.id))
    .limit(limit);
  return rows.map((row) => toShopCard(row, locale));
}

/** A spec with its product and shop, as the cart and checkout read each line (specs joined to products and shops). */
export const specLineColumns = {
  specId: storeProductSpecs.id,
  price: storeProductSpecs.price,
  stock: storeProductSpecs.stock,
  label: storeProductSpecs.label,
  productId: storeProducts.id,
  name: storeProducts.name,
  delistedAt: storeProducts.delistedAt,
  mainPicture: storeProducts.mainPicture,
  shopId: storeShops.id,
  shopName: storeShops.name,
};
