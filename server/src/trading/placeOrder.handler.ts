import { orderView } from '@bourse/core/trading/views.ts';
import type { tradingRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../http/mountRoute.ts';

export const placeOrderHandler: Handler<typeof tradingRoutes.placeOrder> = async (ctx) => {
  // An order waits for its batch, not on the event loop; the batcher bounds its own queue. Held
  // in the request limit, a batch could never hold more orders than the limit's places (ADR 0044).
  ctx.leaveRequestLimit();
  const { order, replayed } = await ctx.app.services.orders.place(
    signedIn(ctx).userId,
    ctx.body,
    idempotencyKey(ctx),
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return orderView(order);
};
