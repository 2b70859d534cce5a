import { tradingDateOf } from '@bourse/core/trading/marketView.ts';
import { pageOf } from '@bourse/core/trading/paging.ts';
import { orders } from '@bourse/core/trading/schema.ts';
import { orderView } from '@bourse/core/trading/views.ts';
import type { tradingRoutes } from '@bourse/shared';
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Handler } from '../http/mountRoute.ts';
import { signedIn } from '../http/mountRoute.ts';

const STATUS_FILTERS = {
  open: ['pending', 'partially_filled'],
  filled: ['filled'],
  cancelled: ['cancelled', 'rejected'],
} as const;

export const ordersHandler: Handler<typeof tradingRoutes.orders> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const { scope, status, symbol, side } = ctx.query;
  const deps = ctx.app.services.trading;
  const today = tradingDateOf(await deps.market.status());
  const where: SQL[] = [
    eq(orders.userId, userId),
    scope === 'today' ? eq(orders.tradingDate, today) : lt(orders.tradingDate, today),
  ];
  if (status !== 'all') where.push(inArray(orders.status, [...STATUS_FILTERS[status]]));
  if (symbol) where.push(eq(orders.symbol, symbol));
  if (side) where.push(eq(orders.side, side));
  return pageOf(
    deps.db,
    orders,
    and(...where),
    [desc(orders.createdAt), desc(orders.id)],
    ctx.query,
    orderView,
  );
};
