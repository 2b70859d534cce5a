import { blockOrderView } from '@bourse/core/blockTrade/blockOrders.ts';
import { blockTradeDeps } from '@bourse/core/blockTrade/blockTradeDeps.ts';
import { placeBlockOrder } from '@bourse/core/blockTrade/placeBlockOrder.ts';
import type { blockTradeRoutes } from '@bourse/shared';
import { idempotencyKeyOf } from '../http/idempotencyKey.ts';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';

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
