import { orderView } from '@bourse/core/trading/views.ts';
import type { tradingRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../http/mountRoute.ts';

export const placeOrderHandler: Handler<typeof tradingRoutes.placeOrder> = async (ctx) => {
  const { order, replayed } = await ctx.app.services.orders.place(
    signedIn(ctx).userId,
    ctx.body,
    idempotencyKey(ctx),
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return orderView(order);
};
