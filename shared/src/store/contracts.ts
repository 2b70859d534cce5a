import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { Dec, isDecimalString } from '../money.ts';
import { SPEC_KINDS, STORE_CATEGORIES, STORE_SORTS } from './categories.ts';

/** Longest search query: names are short, and trigram matching of long text costs. */
export const MAX_STORE_QUERY = 60;
export const MAX_STORE_PAGE = 50;

const idSchema = (message: string) =>
  z.coerce.number({ message }).int({ message }).min(1, { message }).max(2_147_483_647, { message });

/** A USD amount in a filter: plain decimal, at most two decimals, not negative. */
const usdFilter = z.string().refine((v) => isDecimalString(v) && !v.startsWith('-') && !/\.\d{3,}$/.test(v), {
  message: 'store.badPrice',
});

const usd = z.string();

export const storeCategorySchema = z.enum(STORE_CATEGORIES, { message: 'store.badCategory' });

export const storeCategoryItemSchema = z.object({
  key: storeCategorySchema,
  name: z.string(),
  productCount: z.number().int(),
  imageUrl: z.string(),
});

export const storeShopCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string(),
  fans: z.number().int(),
  sales: z.number().int(),
  /** Share of favourable reviews, percent with one decimal: "98.6". */
  favourableRate: z.string(),
  /** USD, all-time. */
  totalSales: usd,
});
export type StoreShopCard = z.infer<typeof storeShopCardSchema>;

export const storeProductCardSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  category: storeCategorySchema,
  name: z.string(),
  /** The lowest of its specs' prices, USD. */
  price: usd,
  /** 0.0–5.0, one decimal. */
  rating: z.string(),
  sales: z.number().int(),
  imageUrl: z.string(),
});
export type StoreProductCard = z.infer<typeof storeProductCardSchema>;

export const storeSpecSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SPEC_KINDS),
  label: z.string(),
  price: usd,
  stock: z.number().int(),
});
export type StoreSpec = z.infer<typeof storeSpecSchema>;

export const storeProductDetailSchema = storeProductCardSchema.extend({
  description: z.string(),
  createdAt: z.string(),
  /** False once its seller took it off sale: the page stays for orders that link to it, without buying. */
  onSale: z.boolean(),
  images: z.array(z.string()),
  specs: z.array(storeSpecSchema),
  shop: storeShopCardSchema,
  similar: z.array(storeProductCardSchema),
  fromShop: z.array(storeProductCardSchema),
});
export type StoreProductDetail = z.infer<typeof storeProductDetailSchema>;

export const storeBannerSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  price: usd,
});

export const storeHomeSchema = z.object({
  banners: z.array(storeBannerSchema),
  categories: z.array(storeCategoryItemSchema),
  hotProducts: z.array(storeProductCardSchema),
  hotShops: z.array(storeShopCardSchema),
  recommended: z.array(storeProductCardSchema),
});
export type StoreHome = z.infer<typeof storeHomeSchema>;

export const storeProductsQuerySchema = z
  .object({
    category: storeCategorySchema.optional(),
    shopId: idSchema('store.unknownShop').optional(),
    sort: z.enum(STORE_SORTS, { message: 'store.badSort' }).default('sales'),
    minPrice: usdFilter.optional(),
    maxPrice: usdFilter.optional(),
    cursor: z.string().max(200, { message: 'store.badCursor' }).optional(),
    limit: z.coerce.number({ message: 'common.validation' }).int().min(1).max(MAX_STORE_PAGE).default(20),
  })
  .refine((q) => !q.minPrice || !q.maxPrice || new Dec(q.minPrice).lte(q.maxPrice), {
    message: 'store.badPriceRange',
  });
export type StoreProductsQuery = z.infer<typeof storeProductsQuerySchema>;

export const storeProductPageSchema = z.object({
  items: z.array(storeProductCardSchema),
  /** Pass back as `cursor` for the next page; null when the list is finished. */
  nextCursor: z.string().nullable(),
});
export type StoreProductPage = z.infer<typeof storeProductPageSchema>;

export const storeShopDetailSchema = z.object({
  shop: storeShopCardSchema,
  freight: z.object({ flat: usd, freeOver: usd.nullable() }),
  products: storeProductPageSchema,
});
export type StoreShopDetail = z.infer<typeof storeShopDetailSchema>;

export const storeFollowSchema = z.object({
  shopId: z.number().int(),
  followed: z.boolean(),
  fans: z.number().int(),
});

export const storeSearchSchema = z.object({
  products: z.array(storeProductCardSchema),
  shops: z.array(storeShopCardSchema),
});
export type StoreSearch = z.infer<typeof storeSearchSchema>;

const shopIdBody = z.object({ shopId: idSchema('store.unknownShop') });

export const storeRoutes = {
  categories: defineRoute({
    method: 'get',
    path: '/store/categories',
    summary: 'The ten storefront categories with their product counts',
    auth: 'public',
    response: z.object({ items: z.array(storeCategoryItemSchema) }),
  }),
  home: defineRoute({
    method: 'get',
    path: '/store/home',
    summary: 'The storefront home: banners, categories, hot products and shops, recommendations',
    auth: 'public',
    response: storeHomeSchema,
  }),
  products: defineRoute({
    method: 'get',
    path: '/store/products',
    summary: 'Products by category or shop, sorted and price-filtered, a cursor page at a time',
    auth: 'public',
    query: storeProductsQuerySchema,
    response: storeProductPageSchema,
  }),
  product: defineRoute({
    method: 'get',
    path: '/store/product',
    summary: 'One product with its specs (price and stock each), its shop and recommendations',
    auth: 'public',
    query: z.object({ id: idSchema('store.unknownProduct') }),
    response: storeProductDetailSchema,
  }),
  shop: defineRoute({
    method: 'get',
    path: '/store/shop',
    summary: 'One shop with its freight rule and its first page of best-selling products',
    auth: 'public',
    query: z.object({ id: idSchema('store.unknownShop') }),
    response: storeShopDetailSchema,
  }),
  follows: defineRoute({
    method: 'get',
    path: '/store/follows',
    summary: 'The ids of the shops the user follows',
    auth: 'user',
    response: z.object({ shopIds: z.array(z.number().int()) }),
  }),
  follow: defineRoute({
    method: 'post',
    path: '/store/follows',
    summary: 'Follow a shop; following it again changes nothing',
    auth: 'user',
    body: shopIdBody,
    response: storeFollowSchema,
  }),
  unfollow: defineRoute({
    method: 'delete',
    path: '/store/follows',
    summary: 'Stop following a shop; one not followed is fine',
    auth: 'user',
    query: shopIdBody,
    response: storeFollowSchema,
  }),
  search: defineRoute({
    method: 'get',
    path: '/store/search',
    summary: 'Products and shops by name in any of the seven languages, tolerant of typos and partial words',
    auth: 'public',
    query: z.object({
      q: z
        .string({ message: 'store.badQuery' })
        .trim()
        .min(1, { message: 'store.badQuery' })
        .max(MAX_STORE_QUERY, { message: 'store.badQuery' }),
    }),
    response: storeSearchSchema,
  }),
} as const;
