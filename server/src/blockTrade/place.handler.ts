import { blockOrderView } from '@bourse/core/blockTrade/blockOrders.ts';
import { placeBlockOrder } from '@bourse/core/blockTrade/placeBlockOrder.ts';
import type { blockTradeRoutes } from '@bourse/shared';
import { type Handler, idempotencyKey, signedIn } from '../http/mountRoute.ts';

export const placeHandler: Handler<typeof blockTradeRoutes.place> = async (ctx) => {
  const { order, replayed } = await placeBlockOrder(
    ctx.app.services.blockTrade,
    signedIn(ctx).userId,
    ctx.body,
    idempotencyKey(ctx),
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return blockOrderView(order);
};
