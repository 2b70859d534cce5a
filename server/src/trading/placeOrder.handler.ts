import { placeOrder } from '@bourse/core/trading/placeOrder.ts';
import { tradingDeps } from '@bourse/core/trading/tradingDeps.ts';
import { orderView } from '@bourse/core/trading/views.ts';
import type { tradingRoutes } from '@bourse/shared';
import { idempotencyKeyOf } from '../http/idempotencyKey.ts';
import type { TradeRouteContext } from './tradeRoute.ts';

export async function placeOrderHandler(ctx: TradeRouteContext<typeof tradingRoutes.placeOrder>) {
  const key = idempotencyKeyOf(ctx.header);
  const { order, replayed } = await placeOrder(tradingDeps(ctx.app), ctx.session.userId, ctx.body, key);
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return orderView(order);
}
