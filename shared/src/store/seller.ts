import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from '../contracts/paging.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { Dec, isDecimalString } from '../money.ts';
import { SPEC_KINDS, STORE_CATEGORIES } from './categories.ts';
import { storeShopCardSchema } from './contracts.ts';
import { adminRefundSchema, refundIdBody, refuseRefundBody } from './refunds.ts';
import { MAX_REPLY_LENGTH, REVIEW_PICTURE_MAX_BYTES, REVIEW_PICTURE_TYPES, reviewSchema } from './reviews.ts';
import { storeOrderSchema } from './shopping.ts';

/**
 * The seller console (issue 14 §6): a shop's owner manages its products, ships its paid orders
 * and answers its refunds. Every route acts on the caller's own shop only: a user without a
 * shop is refused (403), another shop's product, order or refund is not found (404).
 */

export const MAX_PRODUCT_NAME = 80;
export const MAX_PRODUCT_DESCRIPTION = 2000;
export const MAX_SPECS = 10;
export const MAX_SPEC_STOCK = 1_000_000;
export const MAX_SPEC_PRICE = '1000000.00';
export const MAX_PRODUCT_PICTURES = 6;
/** Product pictures take what review pictures take: PNG, JPEG or WebP, 5 MB each. */
export const PRODUCT_PICTURE_MAX_BYTES = REVIEW_PICTURE_MAX_BYTES;
export const PRODUCT_PICTURE_TYPES = REVIEW_PICTURE_TYPES;

/** A text in any of the seven languages, at least one given: the others show the first given. */
const localisedInput = (max: number, required: 'seller.nameRequired' | 'seller.descriptionRequired') =>
  z
    .partialRecord(z.enum(LOCALES), z.string().trim().max(max, { message: 'seller.textTooLong' }), {
      message: required,
    })
    .refine((texts) => Object.values(texts).some((text) => text !== undefined && text !== ''), {
      message: required,
    })
    .transform((texts) => {
      const given = Object.fromEntries(Object.entries(texts).filter(([, text]) => text)) as Partial<
        Record<Locale, string>
      >;
      const fallback = given.en ?? Object.values(given)[0] ?? '';
      return Object.fromEntries(LOCALES.map((l) => [l, given[l] ?? fallback])) as Record<Locale, string>;
    });

const isSpecPrice = (v: string) =>
  isDecimalString(v) && new Dec(v).gt(0) && new Dec(v).decimalPlaces() <= 2 && new Dec(v).lte(MAX_SPEC_PRICE);

export const productSpecInput = z.object(
  {
    /** An existing spec of the product when editing; absent for a new one. */
    id: z.number({ message: 'seller.badSpec' }).int({ message: 'seller.badSpec' }).positive().optional(),
    kind: z.enum(SPEC_KINDS, { message: 'seller.badSpec' }),
    label: z.string({ message: 'seller.badSpec' }).trim().min(1, { message: 'seller.badSpec' }).max(40, {
      message: 'seller.badSpec',
    }),
    price: z
      .string({ message: 'seller.badSpec' })
      .trim()
      .refine(isSpecPrice, { message: 'seller.badSpec' })
      .transform((v) => new Dec(v).toFixed(2)),
    stock: z
      .number({ message: 'seller.badSpec' })
      .int({ message: 'seller.badSpec' })
      .min(0, { message: 'seller.badSpec' })
      .max(MAX_SPEC_STOCK, { message: 'seller.badSpec' }),
    /**
     * An existing spec's stock as the editor loaded it: the server adds `stock - stockWas` to the
     * stock it has now, so units sold while the seller was typing stay sold.
     */
    stockWas: z
      .number({ message: 'seller.badSpec' })
      .int({ message: 'seller.badSpec' })
      .min(0, { message: 'seller.badSpec' })
      .max(MAX_SPEC_STOCK, { message: 'seller.badSpec' })
      .optional(),
  },
  { message: 'seller.badSpec' },
);

export const productInput = z.object({
  category: z.enum(STORE_CATEGORIES, { message: 'store.badCategory' }),
  name: localisedInput(MAX_PRODUCT_NAME, 'seller.nameRequired'),
  description: localisedInput(MAX_PRODUCT_DESCRIPTION, 'seller.descriptionRequired'),
  specs: z
    .array(productSpecInput, { message: 'seller.specsRequired' })
    .min(1, { message: 'seller.specsRequired' })
    .max(MAX_SPECS, { message: 'seller.specsRequired' }),
});
export type ProductInput = z.output<typeof productInput>;

const productId = z
  .number({ message: 'seller.productNotFound' })
  .int()
  .positive({ message: 'seller.productNotFound' });

/** One place in the new order of a product's pictures: a kept picture's id, or `+n`, the n-th file sent. */
export type PictureSlot = { kind: 'kept'; id: string } | { kind: 'new'; file: number };

/**
 * The text fields beside a product's pictures: the product, and its pictures' new order as
 * comma-separated slots (empty for none). A kept picture left out is removed.
 */
export const productPicturesBody = z.object({
  id: z.coerce.number({ message: 'seller.productNotFound' }).pipe(productId),
  order: z
    .string({ message: 'seller.badPictureOrder' })
    .max(400, { message: 'seller.badPictureOrder' })
    .transform((text, ctx): PictureSlot[] => {
      const slots = text === '' ? [] : text.split(',');
      return slots.map((slot) => {
        if (/^\+[0-9]$/.test(slot)) return { kind: 'new', file: Number(slot.slice(1)) };
        if (z.uuid().safeParse(slot).success) return { kind: 'kept', id: slot };
        ctx.addIssue({ code: 'custom', message: 'seller.badPictureOrder' });
        return z.NEVER;
      });
    })
    .refine((slots) => slots.length <= MAX_PRODUCT_PICTURES, { message: 'seller.tooManyPictures' }),
});
export type ProductPicturesBody = z.output<typeof productPicturesBody>;

/** A product as its seller edits it: every language's text, and each spec with its own price and stock. */
export const sellerProductSchema = z.object({
  id: z.number().int(),
  category: z.enum(STORE_CATEGORIES),
  name: z.record(z.enum(LOCALES), z.string()),
  description: z.record(z.enum(LOCALES), z.string()),
  /** The lowest spec price, USD. */
  price: z.string(),
  sales: z.number().int(),
  /** The main picture: the first uploaded one, or the generated one without uploads. */
  imageUrl: z.string(),
  /** The uploaded pictures in their order, the first the main one. */
  pictures: z.array(z.object({ id: z.uuid(), url: z.string() })),
  /** False while the seller has it off sale (delisted). */
  onSale: z.boolean(),
  specs: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(SPEC_KINDS),
      label: z.string(),
      price: z.string(),
      stock: z.number().int(),
    }),
  ),
});
export type SellerProduct = z.infer<typeof sellerProductSchema>;

/** The shop a seller runs, with its figures. */
export const sellerShopSchema = storeShopCardSchema.extend({
  productCount: z.number().int(),
  toShip: z.number().int(),
  openRefunds: z.number().int(),
});
export type SellerShop = z.infer<typeof sellerShopSchema>;

/** The refund states a seller has something to do in: answer, or confirm a returned parcel. */
export const SELLER_REFUND_STATES = ['requested', 'returning'] as const;

/** Which of its reviews the seller lists: `all` puts the unanswered first, each part newest first. */
export const SELLER_REVIEW_FILTERS = ['all', 'unanswered', 'answered'] as const;
export type SellerReviewFilter = (typeof SELLER_REVIEW_FILTERS)[number];

/** How many calendar days (UTC, as order numbers date them) the statistics cover, today included. */
export const SHOP_STATS_DAYS = 30;

const shopFigures = {
  /** Orders paid that day (by the time of their payment), whatever happened to them after. */
  paidOrders: z.number().int(),
  /** Units in those orders. */
  units: z.number().int(),
  /** What their shoppers paid, USD ("0.00" on a day without sales). */
  revenue: z.string(),
  /** Refunds executed that day, and the USD they sent back. */
  refunds: z.number().int(),
  refunded: z.string(),
  /** Users who started following the shop that day and still do. */
  newFans: z.number().int(),
};

export const shopStatsSchema = z.object({
  /** Oldest first, one per calendar day, days without activity at zero. */
  days: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), ...shopFigures })),
  totals: z.object(shopFigures),
});
export type ShopStats = z.infer<typeof shopStatsSchema>;

export const sellerRoutes = {
  shop: defineRoute({
    method: 'get',
    path: '/seller/shop',
    summary: "The caller's shop and its figures; 403 for a user without a shop",
    auth: 'user',
    response: sellerShopSchema,
  }),
  products: defineRoute({
    method: 'get',
    path: '/seller/products',
    summary: "The caller's shop's products, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(sellerProductSchema),
  }),
  product: defineRoute({
    method: 'get',
    path: '/seller/product',
    summary: "One of the caller's shop's products, as edited",
    auth: 'user',
    query: z.object({ id: z.coerce.number({ message: 'seller.productNotFound' }).pipe(productId) }),
    response: sellerProductSchema,
  }),
  createProduct: defineRoute({
    method: 'post',
    path: '/seller/products',
    summary:
      "Add a product to the caller's shop: category, name and description in any of the seven languages (one at least), and 1–10 specs each with its price and stock",
    auth: 'user',
    body: productInput,
    response: sellerProductSchema,
  }),
  editProduct: defineRoute({
    method: 'post',
    path: '/seller/products/edit',
    summary:
      "Edit one of the caller's shop's products: its texts and category, the listed specs (by id) changed and new ones (without id) added; a spec is taken off sale by a stock of 0. An existing spec's stock moves by the difference from the stockWas sent, so sales made meanwhile are kept (409 when it would fall below 0)",
    auth: 'user',
    body: productInput
      .extend({ id: productId })
      .refine((body) => body.specs.every((s) => s.id === undefined || s.stockWas !== undefined), {
        message: 'seller.badSpec',
      }),
    response: sellerProductSchema,
  }),
  setPictures: defineRoute({
    method: 'post',
    path: '/seller/products/pictures',
    summary: `Set the pictures of one of the caller's shop's products: multipart with the product's id, the new order ("order": kept pictures' ids and "+n" for the n-th file sent, comma-separated) and the new files (field "pictures", PNG, JPEG or WebP, at most 5 MB each, stored without their metadata); at most ${MAX_PRODUCT_PICTURES} in all, the first the main picture`,
    auth: 'user',
    body: productPicturesBody,
    upload: {
      field: 'pictures',
      maxBytes: PRODUCT_PICTURE_MAX_BYTES,
      mimeTypes: PRODUCT_PICTURE_TYPES,
      maxFiles: MAX_PRODUCT_PICTURES,
    },
    response: sellerProductSchema,
  }),
  delistProduct: defineRoute({
    method: 'post',
    path: '/seller/products/delist',
    summary:
      "Take one of the caller's shop's products off sale: gone from lists, search and recommendations, its page says so and checkout refuses it; orders keep it",
    auth: 'user',
    body: z.object({ id: productId }),
    response: sellerProductSchema,
  }),
  relistProduct: defineRoute({
    method: 'post',
    path: '/seller/products/relist',
    summary: "Put one of the caller's shop's delisted products back on sale",
    auth: 'user',
    body: z.object({ id: productId }),
    response: sellerProductSchema,
  }),
  orders: defineRoute({
    method: 'get',
    path: '/seller/orders',
    summary: "The caller's shop's paid orders waiting to be shipped, oldest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(storeOrderSchema),
  }),
  ship: defineRoute({
    method: 'post',
    path: '/seller/orders/ship',
    summary:
      "Ship one of the caller's shop's paid orders: the carrier's parcel is booked and its simulation starts",
    auth: 'user',
    body: z.object({
      orderId: z.string({ message: 'seller.orderNotFound' }).uuid({ message: 'seller.orderNotFound' }),
    }),
    response: storeOrderSchema,
  }),
  refunds: defineRoute({
    method: 'get',
    path: '/seller/refunds',
    summary:
      "The caller's shop's refunds waiting for it: requested (to answer) or returning (to confirm), oldest first",
    auth: 'user',
    query: z.object({
      state: z.enum(SELLER_REFUND_STATES, { message: 'common.validation' }).default('requested'),
      ...pageQuery,
    }),
    response: pageResponse(adminRefundSchema),
  }),
  approveRefund: defineRoute({
    method: 'post',
    path: '/seller/refunds/approve',
    summary: "Approve a requested refund of the caller's shop; once only",
    auth: 'user',
    body: refundIdBody,
    response: adminRefundSchema,
  }),
  refuseRefund: defineRoute({
    method: 'post',
    path: '/seller/refunds/refuse',
    summary: "Refuse a requested refund of the caller's shop with a reason; once only",
    auth: 'user',
    body: refuseRefundBody,
    response: adminRefundSchema,
  }),
  confirmReturn: defineRoute({
    method: 'post',
    path: '/seller/refunds/confirm-return',
    summary: "Confirm the returned parcel of a refund of the caller's shop arrived: the refund executes",
    auth: 'user',
    body: refundIdBody,
    response: adminRefundSchema,
  }),
  reviews: defineRoute({
    method: 'get',
    path: '/seller/reviews',
    summary:
      "The reviews of the caller's shop's products with their scores, text, pictures and the shop's reply; newest first, the unanswered before the answered",
    auth: 'user',
    query: z.object({
      filter: z.enum(SELLER_REVIEW_FILTERS, { message: 'common.validation' }).default('all'),
      ...pageQuery,
    }),
    response: pageResponse(reviewSchema),
  }),
  reply: defineRoute({
    method: 'post',
    path: '/seller/reviews/reply',
    summary:
      "Reply to a review of the caller's shop, once (a second reply is refused): the reply shows under the review and the reviewer gets a message",
    auth: 'user',
    body: z.object({
      id: z.string({ message: 'seller.reviewNotFound' }).uuid({ message: 'seller.reviewNotFound' }),
      content: z
        .string({ message: 'seller.replyRequired' })
        .trim()
        .min(1, { message: 'seller.replyRequired' })
        .max(MAX_REPLY_LENGTH, { message: 'seller.replyTooLong' }),
    }),
    response: reviewSchema,
  }),
  stats: defineRoute({
    method: 'get',
    path: '/seller/stats',
    summary: `The caller's shop's last ${SHOP_STATS_DAYS} calendar days (UTC): paid orders, units, revenue, refunds and new fans by day, and their totals`,
    auth: 'user',
    response: shopStatsSchema,
  }),
} as const;
