import { DomainError, type tradingRoutes } from '@bourse/shared';
import { z } from 'zod';
import { cancelOrder } from './cancelOrder.ts';
import type { TradeRouteContext } from './tradeRoute.ts';
import { tradingDeps } from './tradingDeps.ts';
import { orderView } from './views.ts';

export async function cancelOrderHandler(ctx: TradeRouteContext<typeof tradingRoutes.cancelOrder>) {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) throw new DomainError('order.notFound');
  return orderView(await cancelOrder(tradingDeps(ctx.app), ctx.session.userId, id.data));
}
