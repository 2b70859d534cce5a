import { valuedPositions } from '@bourse/core/trading/holdings.ts';
import { tradingDeps } from '@bourse/core/trading/tradingDeps.ts';
import type { tradingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const positionsHandler: Handler<typeof tradingRoutes.positions> = async (ctx) => {
  const { views } = await valuedPositions(tradingDeps(ctx.app), signedIn(ctx).userId);
  return views;
};
