import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from '../contracts/paging.ts';
import { ORDER_SIDES } from '../contracts/trading.ts';
import { isDecimalString } from '../money.ts';
import { BLOCK_REFUSAL_REASONS, BLOCK_TRADE_KINDS } from './blockOrder.ts';

/**
 * Block trades over the wire: REST under /api/blockTrade, the back office's settlement trigger
 * under /api/admin/blockTrade, and the settlement queue's jobs. A block order rests `pending`
 * until the after-close batch settles it with a counterparty (`settled`) or finds none
 * (`refused`); the user may cancel it while it is pending.
 */
export const BLOCK_ORDER_STATUSES = ['pending', 'settled', 'refused', 'cancelled'] as const;
export type BlockOrderStatus = (typeof BLOCK_ORDER_STATUSES)[number];

const money = z.string().refine(isDecimalString);

export const placeBlockOrderSchema = z.object({
  symbol: z.string({ message: 'market.badSymbol' }).regex(/^\d{6}$/, { message: 'market.badSymbol' }),
  side: z.enum(ORDER_SIDES, { message: 'order.sideInvalid' }),
  kind: z.enum(BLOCK_TRADE_KINDS, { message: 'blockTrade.kindInvalid' }),
  /** Plain decimal notation: no exponent, no sign. */
  price: z
    .string({ message: 'order.priceInvalid' })
    .refine(isDecimalString, { message: 'order.priceInvalid' }),
  quantity: z
    .number({ message: 'order.quantityInvalid' })
    .int({ message: 'order.quantityInvalid' })
    .positive({ message: 'order.quantityInvalid' })
    .max(1_000_000_000, { message: 'order.quantityInvalid' }),
  /** Required for buys (checked by the server: not set, wrong, locked); ignored for sells. */
  payPassword: z.string().optional(),
});
export type PlaceBlockOrder = z.infer<typeof placeBlockOrderSchema>;

export const blockOrderSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  name: z.string(),
  side: z.enum(ORDER_SIDES),
  kind: z.enum(BLOCK_TRADE_KINDS),
  price: money,
  quantity: z.number().int(),
  amount: money,
  /** Estimated at placement; the charged fees once settled. */
  fees: money,
  /** Cash still frozen for the order (buys while pending). */
  frozenCash: money,
  status: z.enum(BLOCK_ORDER_STATUSES),
  refusalReason: z.enum(BLOCK_REFUSAL_REASONS).nullable(),
  tradingDate: z.string(),
  createdAt: z.string(),
  /** When it happened in market time (ISO); createdAt is real time. The demo's compressed days make them differ. */
  marketAt: z.string(),
  /** When the batch settled or refused it, or the user cancelled it. */
  closedAt: z.string().nullable(),
});
export type BlockOrderView = z.infer<typeof blockOrderSchema>;

/** A pending block order whose settlement failed every attempt, as the back office sees it. */
export const failedSettlementSchema = blockOrderSchema.extend({
  userId: z.uuid(),
  settleFailedAt: z.string(),
  /** The last attempt's error, for the back office (never shown to the customer). */
  settleError: z.string(),
});
export type FailedSettlementView = z.infer<typeof failedSettlementSchema>;

export const blockOrdersQuery = z.object({
  status: z.enum(BLOCK_ORDER_STATUSES, { message: 'common.validation' }).optional(),
  ...pageQuery,
});

export const blockTradeRoutes = {
  place: defineRoute({
    method: 'post',
    path: '/blockTrade/orders',
    summary:
      "Place a block order (board minimum, the day's range or the close after hours); a buy freezes its cash and needs the payment password",
    auth: 'user',
    idempotent: true,
    body: placeBlockOrderSchema,
    response: blockOrderSchema,
  }),
  list: defineRoute({
    method: 'get',
    path: '/blockTrade/orders',
    summary: "The user's block orders, newest first",
    auth: 'user',
    query: blockOrdersQuery,
    response: pageResponse(blockOrderSchema),
  }),
  cancel: defineRoute({
    method: 'delete',
    path: '/blockTrade/orders/:id',
    summary: 'Cancel a pending block order: its frozen cash or shares are released',
    auth: 'user',
    response: blockOrderSchema,
  }),
  adminSettle: defineRoute({
    method: 'post',
    path: '/admin/blockTrade/settle',
    summary: 'Queue the settlement of every pending block order now (back office)',
    auth: 'admin',
    response: z.object({ queued: z.number().int() }),
  }),
  adminFailed: defineRoute({
    method: 'get',
    path: '/admin/blockTrade/failed',
    summary: 'Block orders whose settlement failed every attempt, oldest failure first (back office)',
    auth: 'admin',
    response: z.object({ list: z.array(failedSettlementSchema) }),
  }),
  adminRetry: defineRoute({
    method: 'post',
    path: '/admin/blockTrade/retry',
    summary: 'Retry a failed settlement at once: its failed job is replaced by a fresh one (back office)',
    auth: 'admin',
    body: z.object({ orderId: z.uuid({ message: 'blockTrade.notFound' }) }),
    response: blockOrderSchema,
  }),
} as const;

/** BullMQ queue of block-trade settlement; names carry no ':' (BullMQ's key separator). */
export const BLOCK_TRADE_QUEUES = { settlement: 'block-trade-settlement' } as const;

export const BLOCK_TRADE_JOBS = {
  /** Every few seconds (a job scheduler): after a day's after-hours session, adds that day's batch. */
  tick: 'tick',
  /** A day's batch: adds a settle job for each order pending through that day. */
  batch: 'batch',
  /** Confirms one order with a counterparty and settles it, or refuses it. */
  settle: 'settle',
} as const;

export const blockBatchJobSchema = z.object({ tradingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export type BlockBatchJob = z.infer<typeof blockBatchJobSchema>;

export const blockSettleJobSchema = z.object({ orderId: z.uuid() });
export type BlockSettleJob = z.infer<typeof blockSettleJobSchema>;

/** Deterministic ids: adding the same job again while it is kept is a no-op. */
export const blockTradeJobIds = {
  batch: (job: BlockBatchJob) => `block-trades-${job.tradingDate}`,
  settle: (job: BlockSettleJob) => `block-order-${job.orderId}`,
};
