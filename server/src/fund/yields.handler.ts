import { yields } from '@bourse/core/fund/cashFund.ts';
import type { cashFundRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const yieldsHandler: Handler<typeof cashFundRoutes.yields> = async (ctx) =>
  yields(ctx.app.db, signedIn(ctx).userId, ctx.query);
