import type { blockTradeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { blockTradeDeps } from './blockTradeDeps.ts';
import { retrySettlement } from './settlementFailures.ts';

/** Back office: settle a failed block order again, now. */
export const adminRetryHandler: Handler<typeof blockTradeRoutes.adminRetry> = async (ctx) => {
  const { db, queue } = blockTradeDeps(ctx.app);
  return retrySettlement(db, queue, ctx.body.orderId);
};
