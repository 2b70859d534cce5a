import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { isDecimalString } from '../money.ts';
import { pageQuery, pageResponse } from './paging.ts';

/**
 * The trading wire protocol: REST routes under /api/trade and the Socket.IO namespace /user.
 * Money and prices are decimal strings; share counts are integers.
 */
export const USER_NAMESPACE = '/user';

/** Events of /user, each for the signed-in user alone (room `user:<id>`). */
export const USER_EVENTS = {
  order: 'order',
  fill: 'fill',
  balance: 'balance',
  position: 'position',
  message: 'message',
  /** A storefront shipment of the user's moved on (store/logistics.ts). */
  shipment: 'shipment',
  /** One of the user's price alerts fired (workers/src/alerts/): the in-app banner. */
  priceAlert: 'priceAlert',
  /** A storefront top-up of the user's was audited (store/topUps.ts). */
  topUp: 'topUp',
  /** A storefront withdrawal of the user's was audited (store/withdrawals.ts). */
  withdrawal: 'withdrawal',
  /** A refund of the user's moved a step (store/refunds.ts). */
  refund: 'refund',
} as const;

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['limit', 'market'] as const;
export const ORDER_STATUSES = ['pending', 'partially_filled', 'filled', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Why an order ended without filling whole: the user, the day's end, or a market order's unfilled rest. */
export const CANCEL_REASONS = ['user', 'expired', 'marketRemainder'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/**
 * Where an order waits and how it trades: `openingCall` (entered 9:15–9:25, uncrossed at 9:25),
 * `held` (entered 9:25–9:30, meets the book at 9:30), `day` (the continuous book and the closing
 * call), `afterHours` (fixed-price at the close, 15:05–15:30). Day orders end at 15:00.
 */
export const ORDER_SESSIONS = ['openingCall', 'held', 'day', 'afterHours'] as const;
export type OrderSession = (typeof ORDER_SESSIONS)[number];

/** The lines of the money log: journal entries that change the user's cash (fund yield is paid in units). */
export const MONEY_LOG_TYPES = [
  'deposit',
  'withdrawal',
  'buy',
  'sell',
  'ipoPayment',
  'fundSubscribe',
  'fundRedeem',
] as const;
export type MoneyLogType = (typeof MONEY_LOG_TYPES)[number];

const money = z.string().refine(isDecimalString);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'common.validation' });
/** Idempotency-Key header: 8 to 128 of [A-Za-z0-9_-], e.g. a UUID. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\w-]{8,128}$/, { message: 'common.idempotencyKeyInvalid' });

export const placeOrderSchema = z.object({
  symbol: z.string().regex(/^\d{6}$/, { message: 'market.badSymbol' }),
  side: z.enum(ORDER_SIDES, { message: 'order.sideInvalid' }),
  type: z.enum(ORDER_TYPES, { message: 'order.typeInvalid' }),
  /** Limit orders only; a market order's price is ignored. Plain decimal notation: no exponent, no sign. */
  price: z
    .string({ message: 'order.priceInvalid' })
    .refine(isDecimalString, { message: 'order.priceInvalid' })
    .optional(),
  quantity: z
    .number({ message: 'order.quantityInvalid' })
    .int({ message: 'order.quantityInvalid' })
    .positive({ message: 'order.quantityInvalid' })
    .max(100_000_000, { message: 'order.quantityInvalid' }),
  /** An after-hours fixed-price order: filled at the close from 15:05, where the board offers it. */
  afterHours: z.boolean({ message: 'common.validation' }).optional(),
});
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  name: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** The limit price; null for market orders. */
  price: money.nullable(),
  quantity: z.number().int(),
  filledQuantity: z.number().int(),
  /** Traded amount so far and its average price (null before the first fill). */
  filledAmount: money,
  averagePrice: money.nullable(),
  fees: money,
  /** Cash still frozen for the order. */
  frozenCash: money,
  status: z.enum(ORDER_STATUSES),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  session: z.enum(ORDER_SESSIONS),
  tradingDate: z.string(),
  createdAt: z.string(),
  /** When it happened in market time (ISO); createdAt is real time. The demo's compressed days make them differ. */
  marketAt: z.string(),
  updatedAt: z.string(),
});
export type OrderView = z.infer<typeof orderSchema>;

export const fillSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  price: money,
  quantity: z.number().int(),
  amount: money,
  commission: money,
  stampDuty: money,
  transferFee: money,
  tradingDate: z.string(),
  createdAt: z.string(),
  /** When it happened in market time (ISO); createdAt is real time. The demo's compressed days make them differ. */
  marketAt: z.string(),
});
export type FillView = z.infer<typeof fillSchema>;

export const positionSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Shares that can be sold now: bought before today (T+1), not held by an open sell order. */
  sellableQuantity: z.number().int(),
  /** Cost of the shares held including buy fees, and per share. */
  cost: money,
  averageCost: money,
  /** The last price valued at (null when the market has no quote for the symbol). */
  price: money.nullable(),
  marketValue: money,
  floatingPnl: money,
  todayPnl: money,
  /** P&L already realised by sells since the position opened. */
  realisedPnl: money,
  openedAt: z.string(),
});
export type PositionView = z.infer<typeof positionSchema>;

export const closedPositionSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  name: z.string(),
  buyQuantity: z.number().int(),
  buyAmount: money,
  sellAmount: money,
  fees: money,
  realisedPnl: money,
  openedAt: z.string(),
  closedAt: z.string(),
  /** The close in market time (ISO); closedAt is real time. */
  closedMarketAt: z.string(),
  closedTradingDate: z.string(),
});
export type ClosedPosition = z.infer<typeof closedPositionSchema>;

export const balanceSchema = z.object({
  available: money,
  frozen: money,
  /** Available cash that may leave the account: today's sale proceeds wait one trading day. */
  withdrawable: money,
});
export type Balance = z.infer<typeof balanceSchema>;

export const accountSummarySchema = balanceSchema.extend({
  totalAssets: money,
  cash: money,
  marketValue: money,
  todayPnl: money,
  totalPnl: money,
  tradingDate: z.string(),
});

export const moneyLogLineSchema = z.object({
  id: z.uuid(),
  type: z.enum(MONEY_LOG_TYPES),
  /** Change of the user's cash (available + frozen). */
  amount: money,
  /** The user's cash after the line. */
  cash: money,
  tradingDate: z.string(),
  /** Real time of the entry (ISO). */
  time: z.string(),
  /** When it happened in market time (ISO); time is real time. The demo's compressed days make them differ. */
  marketAt: z.string(),
  symbol: z.string().nullable(),
  orderId: z.uuid().nullable(),
  price: money.nullable(),
  quantity: z.number().int().nullable(),
  tradeAmount: money.nullable(),
  commission: money,
  stampDuty: money,
  transferFee: money,
});
export type MoneyLogLine = z.infer<typeof moneyLogLineSchema>;

const scope = z.enum(['today', 'history'], { message: 'common.validation' }).default('today');
const symbolFilter = z
  .string()
  .regex(/^\d{6}$/, { message: 'market.badSymbol' })
  .optional();

export const ordersQuerySchema = z.object({
  scope,
  status: z.enum(['open', 'filled', 'cancelled', 'all'], { message: 'common.validation' }).default('all'),
  symbol: symbolFilter,
  side: z.enum(ORDER_SIDES, { message: 'order.sideInvalid' }).optional(),
  ...pageQuery,
});

export const tradingRoutes = {
  placeOrder: defineRoute({
    method: 'post',
    path: '/trade/orders',
    summary: 'Place a limit or market order; marketable orders fill at once against the book',
    auth: 'user',
    idempotent: true,
    body: placeOrderSchema,
    response: orderSchema,
  }),
  cancelOrder: defineRoute({
    method: 'delete',
    path: '/trade/orders/:id',
    summary: 'Cancel the unfilled rest of an open order',
    auth: 'user',
    response: orderSchema,
  }),
  orders: defineRoute({
    method: 'get',
    path: '/trade/orders',
    summary: "Today's or earlier orders, newest first",
    auth: 'user',
    query: ordersQuerySchema,
    response: pageResponse(orderSchema),
  }),
  fills: defineRoute({
    method: 'get',
    path: '/trade/fills',
    summary: "Today's or earlier fills, newest first",
    auth: 'user',
    query: z.object({ scope, symbol: symbolFilter, orderId: z.uuid().optional(), ...pageQuery }),
    response: pageResponse(fillSchema),
  }),
  positions: defineRoute({
    method: 'get',
    path: '/trade/positions',
    summary: 'Open positions valued at the latest prices',
    auth: 'user',
    response: z.array(positionSchema),
  }),
  positionHistory: defineRoute({
    method: 'get',
    path: '/trade/positions/history',
    summary: 'Closed positions with their realised P&L, newest first',
    auth: 'user',
    query: z.object({ symbol: symbolFilter, ...pageQuery }),
    response: pageResponse(closedPositionSchema),
  }),
  account: defineRoute({
    method: 'get',
    path: '/trade/account',
    summary: "Total assets, cash available, frozen and withdrawable, market value, today's and total P&L",
    auth: 'user',
    response: accountSummarySchema,
  }),
  moneyLog: defineRoute({
    method: 'get',
    path: '/trade/moneyLog',
    summary: 'Ledger lines that moved the cash, newest first; pass nextCursor as cursor for more',
    auth: 'user',
    query: z.object({
      type: z.enum(MONEY_LOG_TYPES, { message: 'common.validation' }).optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
      cursor: z
        .string()
        .regex(/^\d{1,18}$/, { message: 'common.validation' })
        .optional(),
      limit: z.coerce.number({ message: 'common.validation' }).int().min(1).max(100).default(20),
    }),
    response: z.object({ items: z.array(moneyLogLineSchema), nextCursor: z.string().nullable() }),
  }),
} as const;
