import { DomainError, type Locale, type StoreProductDetail, type StoreShopDetail } from '@bourse/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import {
  listProducts,
  productCardColumns,
  productImageUrl,
  shopCardColumns,
  toProductCard,
  topProducts,
  toShopCard,
} from './catalogue.ts';
import { picturesOf } from './pictures/pictures.ts';
import { storeProductSpecs, storeProducts, storeShops } from './schema.ts';

const RECOMMENDATIONS = 6;
/** A product without uploaded pictures has a gallery of this many generated ones. */
export const GALLERY_VIEWS = 3;

export async function productDetail(db: Db, id: number, locale: Locale): Promise<StoreProductDetail> {
  const [product] = await db
    .select({
      ...productCardColumns,
      description: storeProducts.description,
      createdAt: storeProducts.createdAt,
      delistedAt: storeProducts.delistedAt,
    })
    .from(storeProducts)
    .where(eq(storeProducts.id, id));
  if (!product) throw new DomainError('store.unknownProduct');
  const [specs, [shop], similar, fromShop, pictures] = await Promise.all([
    db
      .select()
      .from(storeProductSpecs)
      .where(eq(storeProductSpecs.productId, id))
      .orderBy(asc(storeProductSpecs.position)),
    db.select(shopCardColumns).from(storeShops).where(eq(storeShops.id, product.shopId)),
    topProducts(db, locale, { limit: RECOMMENDATIONS, category: product.category, except: id }),
    topProducts(db, locale, { limit: RECOMMENDATIONS, shopId: product.shopId, except: id }),
    picturesOf(db, [id]),
  ]);
  if (!shop) throw new DomainError('store.unknownShop');
  return {
    ...toProductCard(product, locale),
    description: product.description[locale],
    createdAt: product.createdAt.toISOString(),
    onSale: product.delistedAt === null,
    images:
      pictures.length > 0
        ? pictures.map((p) => p.url)
        : Array.from({ length: GALLERY_VIEWS }, (_, view) => productImageUrl(id, view)),
    specs: specs.map((s) => ({
      id: s.id,
      kind: s.kind,
      label: s.label[locale],
      price: s.price,
      stock: s.stock,
    })),
    shop: toShopCard(shop, locale),
    similar,
    fromShop,
  };
}

export async function shopDetail(db: Db, id: number, locale: Locale): Promise<StoreShopDetail> {
  const [shop] = await db
    .select({
      ...shopCardColumns,
      freightFlat: storeShops.freightFlat,
      freightFreeOver: storeShops.freightFreeOver,
    })
    .from(storeShops)
    .where(eq(storeShops.id, id));
  if (!shop) throw new DomainError('store.unknownShop');
  return {
    shop: toShopCard(shop, locale),
    freight: { flat: shop.freightFlat, freeOver: shop.freightFreeOver },
    products: await listProducts(db, { shopId: id, sort: 'sales', limit: 20 }, locale),
  };
}
