import type { z } from 'zod';
import { shipmentSchema } from '../store/logistics.ts';
import { refundSchema } from '../store/refunds.ts';
import { topUpSchema } from '../store/topUps.ts';
import { withdrawalSchema } from '../store/withdrawals.ts';
import { messageSchema } from './messages.ts';
import { priceAlertFiredSchema } from './priceAlerts.ts';
import { balanceSchema, fillSchema, orderSchema, positionSchema, type USER_EVENTS } from './trading.ts';

/*
 * Apart from trading.ts: the storefront's payloads bring in the storefront's whole contracts, and
 * trading.ts is on every logged-in screen's start, where the user channel needs only its own four.
 */

/** Payloads of the /user events. */
export const userEventSchemas = {
  order: orderSchema,
  fill: fillSchema,
  balance: balanceSchema,
  position: positionSchema,
  message: messageSchema,
  shipment: shipmentSchema,
  priceAlert: priceAlertFiredSchema,
  topUp: topUpSchema,
  withdrawal: withdrawalSchema,
  refund: refundSchema,
} as const satisfies Record<keyof typeof USER_EVENTS, z.ZodType>;
