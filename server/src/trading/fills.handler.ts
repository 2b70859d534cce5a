import { tradingDateOf } from '@bourse/core/trading/marketView.ts';
import { pageOf } from '@bourse/core/trading/paging.ts';
import { fills } from '@bourse/core/trading/schema.ts';
import { fillView } from '@bourse/core/trading/views.ts';
import type { tradingRoutes } from '@bourse/shared';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const fillsHandler: Handler<typeof tradingRoutes.fills> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const { scope, symbol, orderId } = ctx.query;
  const deps = ctx.app.services.trading;
  const today = tradingDateOf(await deps.market.status());
  const where: SQL[] = [
    eq(fills.userId, userId),
    scope === 'today' ? eq(fills.tradingDate, today) : lt(fills.tradingDate, today),
  ];
  if (symbol) where.push(eq(fills.symbol, symbol));
  if (orderId) where.push(eq(fills.orderId, orderId));
  return pageOf(deps.db, fills, and(...where), [desc(fills.createdAt), desc(fills.id)], ctx.query, fillView);
};
