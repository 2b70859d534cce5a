import type { cashFundRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { history } from './cashFund.ts';

export const historyHandler: Handler<typeof cashFundRoutes.history> = async (ctx) =>
  history(ctx.app.db, signedIn(ctx).userId, ctx.query);
