import { blockOrderView, cancelBlockOrder } from '@bourse/core/blockTrade/blockOrders.ts';
import { type blockTradeRoutes, DomainError } from '@bourse/shared';
import { z } from 'zod';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const cancelHandler: Handler<typeof blockTradeRoutes.cancel> = async (ctx) => {
  const id = z.uuid().safeParse(ctx.params.id);
  if (!id.success) throw new DomainError('blockTrade.notFound');
  return blockOrderView(await cancelBlockOrder(ctx.app.services.blockTrade, signedIn(ctx).userId, id.data));
};
