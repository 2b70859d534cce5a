import { pageOf } from '@bourse/core/trading/paging.ts';
import { positionHistory } from '@bourse/core/trading/schema.ts';
import { closedPositionView } from '@bourse/core/trading/views.ts';
import type { tradingRoutes } from '@bourse/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const positionHistoryHandler: Handler<typeof tradingRoutes.positionHistory> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const { symbol } = ctx.query;
  const where: SQL[] = [eq(positionHistory.userId, userId)];
  if (symbol) where.push(eq(positionHistory.symbol, symbol));
  const order = [desc(positionHistory.closedAt), desc(positionHistory.id)];
  return pageOf(ctx.app.db, positionHistory, and(...where), order, ctx.query, closedPositionView);
};
