import { failedSettlements } from '@bourse/core/blockTrade/settlementFailures.ts';
import type { blockTradeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

/** Back office: block orders whose settlement failed every attempt, still frozen. */
export const adminFailedHandler: Handler<typeof blockTradeRoutes.adminFailed> = async (ctx) => ({
  list: await failedSettlements(ctx.app.services.blockTrade.db),
});
