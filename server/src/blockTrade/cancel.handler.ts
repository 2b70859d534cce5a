import { type blockTradeRoutes, DomainError } from '@bourse/shared';
import { z } from 'zod';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';
import { blockOrderView, cancelBlockOrder } from './blockOrders.ts';
import { blockTradeDeps } from './blockTradeDeps.ts';

export async function cancelHandler(ctx: TradeRouteContext<typeof blockTradeRoutes.cancel>) {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) throw new DomainError('blockTrade.notFound');
  return blockOrderView(await cancelBlockOrder(blockTradeDeps(ctx.app), ctx.session.userId, id.data));
}
