import { retrySettlement } from '@bourse/core/blockTrade/settlementFailures.ts';
import type { blockTradeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

/** Back office: settle a failed block order again, now. */
export const adminRetryHandler: Handler<typeof blockTradeRoutes.adminRetry> = async (ctx) => {
  const { db, queue } = ctx.app.services.blockTrade;
  return retrySettlement(db, queue, ctx.body.orderId);
};
