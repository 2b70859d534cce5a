import type { blockTradeRoutes } from '@bourse/shared';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';
import { blockOrderView } from './blockOrders.ts';
import { blockTradeDeps } from './blockTradeDeps.ts';
import { placeBlockOrder } from './placeBlockOrder.ts';

export async function placeHandler(ctx: TradeRouteContext<typeof blockTradeRoutes.place>) {
  const key = idempotencyKeyOf(ctx.header);
  const { order, replayed } = await placeBlockOrder(
    blockTradeDeps(ctx.app),
    ctx.session.userId,
    ctx.body,
    key,
  );
  if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
  return blockOrderView(order);
}
