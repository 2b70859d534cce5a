import { queueSettlements } from '@bourse/core/blockTrade/settlementQueue.ts';
import type { blockTradeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

/** Back office: settle every pending block order now, whatever its day, rather than after the close. */
export const adminSettleHandler: Handler<typeof blockTradeRoutes.adminSettle> = async (ctx) => {
  const { db, queue } = ctx.app.services.blockTrade;
  return { queued: await queueSettlements(db, queue) };
};
