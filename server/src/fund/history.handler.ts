import { history } from '@bourse/core/fund/cashFund.ts';
import type { cashFundRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const historyHandler: Handler<typeof cashFundRoutes.history> = async (ctx) =>
  history(ctx.app.db, signedIn(ctx).userId, ctx.query);
