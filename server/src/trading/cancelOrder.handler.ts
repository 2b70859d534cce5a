import { cancelOrder } from '@bourse/core/trading/cancelOrder.ts';
import { tradingDeps } from '@bourse/core/trading/tradingDeps.ts';
import { orderView } from '@bourse/core/trading/views.ts';
import { DomainError, type tradingRoutes } from '@bourse/shared';
import { z } from 'zod';
import type { TradeRouteContext } from './tradeRoute.ts';

export async function cancelOrderHandler(ctx: TradeRouteContext<typeof tradingRoutes.cancelOrder>) {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) throw new DomainError('order.notFound');
  return orderView(await cancelOrder(tradingDeps(ctx.app), ctx.session.userId, id.data));
}
