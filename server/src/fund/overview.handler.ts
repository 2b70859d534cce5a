import { overview } from '@bourse/core/fund/cashFund.ts';
import type { cashFundRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const overviewHandler: Handler<typeof cashFundRoutes.overview> = async (ctx) =>
  overview(ctx.app.services.cashFund, signedIn(ctx).userId);
