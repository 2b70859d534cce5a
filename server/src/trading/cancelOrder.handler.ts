import { cancelOrder } from '@bourse/core/trading/cancelOrder.ts';
import { orderView } from '@bourse/core/trading/views.ts';
import { DomainError, type tradingRoutes } from '@bourse/shared';
import { z } from 'zod';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const cancelOrderHandler: Handler<typeof tradingRoutes.cancelOrder> = async (ctx) => {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) throw new DomainError('order.notFound');
  return orderView(await cancelOrder(ctx.app.services.trading, signedIn(ctx).userId, id.data));
};
