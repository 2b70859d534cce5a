import type { tradingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { valuedPositions } from './holdings.ts';
import { tradingDeps } from './tradingDeps.ts';

export const positionsHandler: Handler<typeof tradingRoutes.positions> = async (ctx) => {
  const { views } = await valuedPositions(tradingDeps(ctx.app), signedIn(ctx).userId);
  return views;
};
