import { valuedPositions } from '@bourse/core/trading/holdings.ts';
import type { tradingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const positionsHandler: Handler<typeof tradingRoutes.positions> = async (ctx) => {
  const { views } = await valuedPositions(ctx.app.services.trading, signedIn(ctx).userId);
  return views;
};
