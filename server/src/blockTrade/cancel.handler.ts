import { blockOrderView, cancelBlockOrder } from '@bourse/core/blockTrade/blockOrders.ts';
import { blockTradeDeps } from '@bourse/core/blockTrade/blockTradeDeps.ts';
import { type blockTradeRoutes, DomainError } from '@bourse/shared';
import { z } from 'zod';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';

export async function cancelHandler(ctx: TradeRouteContext<typeof blockTradeRoutes.cancel>) {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) throw new DomainError('blockTrade.notFound');
  return blockOrderView(await cancelBlockOrder(blockTradeDeps(ctx.app), ctx.session.userId, id.data));
}
