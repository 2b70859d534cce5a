import type { tradingRoutes } from '@bourse/shared';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import { placeOrder } from './placeOrder.ts';
import type { TradeRouteContext } from './tradeRoute.ts';
import { tradingDeps } from './tradingDeps.ts';
import { orderView } from './views.ts';

export async function placeOrderHandler(ctx: TradeRouteContext<typeof tradingRoutes.placeOrder>) {
  const key = idempotencyKeyOf(ctx.header);
  const { order, replayed } = await placeOrder(tradingDeps(ctx.app), ctx.session.userId, ctx.body, key);
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return orderView(order);
}
