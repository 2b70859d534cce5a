import { listBlockOrders } from '@bourse/core/blockTrade/blockOrders.ts';
import type { blockTradeRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const listHandler: Handler<typeof blockTradeRoutes.list> = async (ctx) =>
  listBlockOrders(ctx.app.db, signedIn(ctx).userId, ctx.query);
