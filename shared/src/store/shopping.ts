import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import {
  STORE_AFTER_SALE_STATES,
  STORE_CLOSURE_STATES,
  STORE_FULFILMENT_STATES,
  STORE_ORDER_STATUSES,
  STORE_ORDER_TAB_KEYS,
  STORE_PAYMENT_STATES,
  type StoreOrderTab,
} from './orderStates.ts';

/** Cart, addresses, checkout, payment and orders: the shopper's side of the storefront (issue 13 §2, §3, §5). */

const usd = z.string();
const id = (message: string) =>
  z.coerce.number({ message }).int({ message }).min(1, { message }).max(2_147_483_647, { message });
const uuid = (message: string) => z.string({ message }).uuid({ message });

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 99;
export const MAX_ADDRESSES = 20;

const quantity = z.coerce
  .number({ message: 'store.badQuantity' })
  .int({ message: 'store.badQuantity' })
  .min(1, { message: 'store.badQuantity' })
  .max(MAX_LINE_QUANTITY, { message: 'store.badQuantity' });

// ---- addresses ----------------------------------------------------------------------------

/** Where parcels may go: a country (ISO 3166-1 alpha-2) and its first-level regions, for the picker. */
export const SHIPPING_AREAS = {
  CN: ['Beijing', 'Shanghai', 'Guangdong', 'Zhejiang', 'Jiangsu', 'Sichuan', 'Hubei', 'Fujian'],
  US: ['California', 'New York', 'Texas', 'Florida', 'Washington', 'Illinois', 'Massachusetts'],
  JP: ['Tokyo', 'Osaka', 'Kanagawa', 'Aichi', 'Hokkaido', 'Fukuoka', 'Kyoto'],
  KR: ['Seoul', 'Busan', 'Incheon', 'Gyeonggi', 'Daegu', 'Jeju'],
  TH: ['Bangkok', 'Chiang Mai', 'Phuket', 'Chon Buri', 'Khon Kaen'],
  FR: [
    'Île-de-France',
    'Auvergne-Rhône-Alpes',
    'Provence-Alpes-Côte d’Azur',
    'Occitanie',
    'Nouvelle-Aquitaine',
  ],
  IT: ['Lombardia', 'Lazio', 'Campania', 'Veneto', 'Toscana', 'Piemonte'],
  GB: ['England', 'Scotland', 'Wales', 'Northern Ireland'],
  DE: ['Bayern', 'Berlin', 'Hamburg', 'Hessen', 'Nordrhein-Westfalen'],
  SG: ['Central', 'East', 'North', 'North-East', 'West'],
} as const satisfies Record<string, readonly string[]>;
export type ShippingCountry = keyof typeof SHIPPING_AREAS;
export const SHIPPING_COUNTRIES = Object.keys(SHIPPING_AREAS) as ShippingCountry[];

export const ADDRESS_TAGS = ['home', 'work', 'school', 'other'] as const;

const required = (message: string, max: number) =>
  z.string({ message }).trim().min(1, { message }).max(max, { message });

export const addressInputSchema = z
  .object({
    addressee: required('address.addresseeRequired', 60),
    // International numbers: an optional +, then 6 to 15 digits, spaces and dashes allowed between.
    mobile: z
      .string({ message: 'validation.mobile' })
      .trim()
      .regex(/^\+?\d[\d -]{4,18}\d$/, { message: 'validation.mobile' }),
    country: z.enum(SHIPPING_COUNTRIES as [ShippingCountry, ...ShippingCountry[]], {
      message: 'address.areaRequired',
    }),
    region: required('address.areaRequired', 60),
    detail: required('address.detailRequired', 200),
    tag: z.enum(ADDRESS_TAGS, { message: 'address.tagRequired' }),
    isDefault: z.boolean().default(false),
  })
  .refine((a) => (SHIPPING_AREAS[a.country] as readonly string[]).includes(a.region), {
    message: 'address.areaRequired',
  });
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.string(),
  addressee: z.string(),
  mobile: z.string(),
  country: z.string(),
  region: z.string(),
  detail: z.string(),
  tag: z.enum(ADDRESS_TAGS),
  isDefault: z.boolean(),
});

/** The shopper's addresses, the default first: what every change to them answers with. */
const addressListSchema = z.object({ items: z.array(addressSchema) });
/** One of the shopper's addresses, named by id. */
const addressIdSchema = z.object({ id: uuid('address.notFound') });
export type StoreAddress = z.infer<typeof addressSchema>;

// ---- cart ---------------------------------------------------------------------------------

export const cartLineSchema = z.object({
  specId: z.number().int(),
  productId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  name: z.string(),
  specLabel: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
  selected: z.boolean(),
  /** USD now, and when the line was added: the screen says when they differ. */
  price: usd,
  priceWhenAdded: usd,
  stock: z.number().int(),
  /** False once its seller took the product off sale: the line stays, unavailable, until removed. */
  onSale: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({ lines: z.array(cartLineSchema) });
export type Cart = z.infer<typeof cartSchema>;

export const cartAddSchema = z.object({ specId: id('store.unknownSpec'), quantity });
export const cartUpdateSchema = z.object({
  specId: id('store.unknownSpec'),
  quantity: quantity.optional(),
  selected: z.boolean({ message: 'common.validation' }).optional(),
});
export const cartRemoveSchema = z.object({
  specIds: z
    .array(id('store.selectToDelete'))
    .min(1, { message: 'store.selectToDelete' })
    .max(MAX_CART_LINES),
});
/** A guest's device cart, merged at login: quantities add up, clamped to stock. */
export const cartMergeSchema = z.object({
  lines: z.array(z.object({ specId: id('store.unknownSpec'), quantity })).max(MAX_CART_LINES, {
    message: 'store.cartFull',
  }),
});

// ---- checkout -----------------------------------------------------------------------------

const itemsSchema = z
  .array(z.object({ specId: id('store.unknownSpec'), quantity }), { message: 'store.selectToCheckout' })
  .min(1, { message: 'store.selectToCheckout' })
  .max(MAX_CART_LINES, { message: 'store.cartFull' })
  .refine((items) => new Set(items.map((i) => i.specId)).size === items.length, {
    message: 'store.selectToCheckout',
  });

const promoCode = z
  .string({ message: 'promo.unknown' })
  .trim()
  .max(32, { message: 'promo.unknown' })
  .transform((c) => c.toUpperCase())
  .optional();

export const checkoutQuoteInputSchema = z.object({ items: itemsSchema, promoCode });
export const checkoutInputSchema = z.object({
  items: itemsSchema,
  promoCode,
  addressId: uuid('address.required'),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export const quoteLineSchema = z.object({
  specId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  specLabel: z.string(),
  imageUrl: z.string(),
  unitPrice: usd,
  quantity: z.number().int(),
  subtotal: usd,
});

export const shopQuoteSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  lines: z.array(quoteLineSchema),
  subtotal: usd,
  freight: usd,
  discount: usd,
  total: usd,
});

export const checkoutQuoteSchema = z.object({
  shops: z.array(shopQuoteSchema),
  promoCode: z.string().nullable(),
  subtotal: usd,
  freight: usd,
  discount: usd,
  total: usd,
  /** The shopper's storefront balance, USD. */
  balance: usd,
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

// ---- orders -------------------------------------------------------------------------------

const anyOrderState = z.enum([
  ...STORE_PAYMENT_STATES,
  ...STORE_FULFILMENT_STATES,
  ...STORE_AFTER_SALE_STATES,
  ...STORE_CLOSURE_STATES,
]);

export const orderEventSchema = z.object({
  machine: z.enum(['payment', 'fulfilment', 'afterSale', 'closure']),
  event: z.string(),
  /** 'none' before the order existed. */
  from: z.union([anyOrderState, z.literal('none')]),
  to: anyOrderState,
  at: z.string(),
});

/** An order's line: a quote line with its own id, and whether the shopper has reviewed it. */
export const orderLineSchema = quoteLineSchema.extend({ lineId: z.number().int(), reviewed: z.boolean() });

export const storeOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  payment: z.enum(STORE_PAYMENT_STATES),
  fulfilment: z.enum(STORE_FULFILMENT_STATES),
  afterSale: z.enum(STORE_AFTER_SALE_STATES),
  closure: z.enum(STORE_CLOSURE_STATES),
  lines: z.array(orderLineSchema),
  quantity: z.number().int(),
  subtotal: usd,
  freight: usd,
  discount: usd,
  total: usd,
  promoCode: z.string().nullable(),
  address: addressSchema.omit({ id: true, isDefault: true }),
  createdAt: z.string(),
  /** The carrier's tracking number once shipped (the logistics page is /store/logistics/:trackingNo). */
  trackingNo: z.string().nullable(),
  /** When an unpaid order expires; null once paid or closed. */
  expiresAt: z.string().nullable(),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;

export const storeOrderDetailSchema = storeOrderSchema.extend({ timeline: z.array(orderEventSchema) });
export type StoreOrderDetail = z.infer<typeof storeOrderDetailSchema>;

export const orderTabSchema = z.enum(STORE_ORDER_TAB_KEYS as [StoreOrderTab, ...StoreOrderTab[]], {
  message: 'common.validation',
});

export const storeOrderPageSchema = z.object({
  items: z.array(storeOrderSchema),
  nextCursor: z.string().nullable(),
  counts: z.record(z.string(), z.number().int()),
});
export type StoreOrderPage = z.infer<typeof storeOrderPageSchema>;

export const payInputSchema = z.object({
  orderIds: z
    .array(uuid('storeOrder.notFound'))
    .min(1, { message: 'storeOrder.notFound' })
    .max(MAX_CART_LINES),
  payPassword: z.unknown(),
});

export const paymentSchema = z.object({
  orderIds: z.array(z.string()),
  amount: usd,
  balance: usd,
});

const orderIdBody = z.object({ orderId: uuid('storeOrder.notFound') });

/** `balance` is what may be spent; `frozen` is held for a withdrawal under way. */
export const walletSchema = z.object({ balance: usd, frozen: usd, currency: z.literal('USD') });

export const shoppingRoutes = {
  wallet: defineRoute({
    method: 'get',
    path: '/store/wallet',
    summary: 'The storefront balance, USD: available and frozen',
    auth: 'user',
    response: walletSchema,
  }),
  addresses: defineRoute({
    method: 'get',
    path: '/store/addresses',
    summary: 'The shopper’s addresses, the default first',
    auth: 'user',
    response: addressListSchema,
  }),
  addAddress: defineRoute({
    method: 'post',
    path: '/store/addresses',
    summary: 'Add an address; the first one, or one marked default, becomes the default',
    auth: 'user',
    body: addressInputSchema,
    response: addressSchema,
  }),
  editAddress: defineRoute({
    method: 'put',
    path: '/store/addresses',
    summary: 'Edit an address',
    auth: 'user',
    query: addressIdSchema,
    body: addressInputSchema,
    response: addressSchema,
  }),
  deleteAddress: defineRoute({
    method: 'delete',
    path: '/store/addresses',
    summary: 'Delete an address; if it was the default, the newest other one becomes default',
    auth: 'user',
    query: addressIdSchema,
    response: addressListSchema,
  }),
  defaultAddress: defineRoute({
    method: 'post',
    path: '/store/addresses/default',
    summary: 'Make an address the default',
    auth: 'user',
    body: addressIdSchema,
    response: addressListSchema,
  }),
  cart: defineRoute({
    method: 'get',
    path: '/store/cart',
    summary: 'The cart with today’s prices and stock beside those when each line was added',
    auth: 'user',
    response: cartSchema,
  }),
  addToCart: defineRoute({
    method: 'post',
    path: '/store/cart',
    summary: 'Add a spec to the cart; quantities add up, clamped to stock',
    auth: 'user',
    body: cartAddSchema,
    response: cartSchema,
  }),
  updateCart: defineRoute({
    method: 'put',
    path: '/store/cart',
    summary: 'Set a line’s quantity (clamped to stock) or whether it is selected',
    auth: 'user',
    body: cartUpdateSchema,
    response: cartSchema,
  }),
  removeFromCart: defineRoute({
    method: 'post',
    path: '/store/cart/remove',
    summary: 'Remove the selected lines',
    auth: 'user',
    body: cartRemoveSchema,
    response: cartSchema,
  }),
  mergeCart: defineRoute({
    method: 'post',
    path: '/store/cart/merge',
    summary: 'Merge a guest’s device cart into the account’s cart at login',
    auth: 'user',
    body: cartMergeSchema,
    response: cartSchema,
  }),
  quote: defineRoute({
    method: 'post',
    path: '/store/checkout/quote',
    summary: 'Price a checkout: lines by shop, freight per shop, the promo code’s discount, totals',
    auth: 'user',
    body: checkoutQuoteInputSchema,
    response: checkoutQuoteSchema,
  }),
  checkout: defineRoute({
    method: 'post',
    path: '/store/checkout',
    summary: 'Create one order per shop in one transaction, reserving stock; waits for payment',
    auth: 'user',
    idempotent: true,
    body: checkoutInputSchema,
    response: z.object({ orders: z.array(storeOrderSchema), total: usd }),
  }),
  pay: defineRoute({
    method: 'post',
    path: '/store/pay',
    summary: 'Pay orders from the storefront balance with the payment password',
    auth: 'user',
    idempotent: true,
    body: payInputSchema,
    response: paymentSchema,
  }),
  orders: defineRoute({
    method: 'get',
    path: '/store/orders',
    summary: 'The shopper’s orders on one tab, newest first, a cursor page at a time, with every tab’s count',
    auth: 'user',
    query: z.object({
      tab: orderTabSchema.default('all'),
      cursor: z.string().max(200, { message: 'store.badCursor' }).optional(),
      limit: z.coerce.number({ message: 'common.validation' }).int().min(1).max(50).default(10),
    }),
    response: storeOrderPageSchema,
  }),
  order: defineRoute({
    method: 'get',
    path: '/store/order',
    summary: 'One order with the timeline of every state change',
    auth: 'user',
    query: z.object({ id: uuid('storeOrder.notFound') }),
    response: storeOrderDetailSchema,
  }),
  cancelOrder: defineRoute({
    method: 'post',
    path: '/store/orders/cancel',
    summary: 'Cancel an order before it ships; a paid one is refunded to the storefront balance',
    auth: 'user',
    body: orderIdBody,
    response: storeOrderDetailSchema,
  }),
  confirmReceipt: defineRoute({
    method: 'post',
    path: '/store/orders/confirm',
    summary: 'Confirm receipt of a shipped order',
    auth: 'user',
    body: orderIdBody,
    response: storeOrderDetailSchema,
  }),
} as const;
