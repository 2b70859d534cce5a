import { overview } from '@bourse/core/fund/cashFund.ts';
import { cashFundDeps } from '@bourse/core/fund/fundDeps.ts';
import type { cashFundRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const overviewHandler: Handler<typeof cashFundRoutes.overview> = async (ctx) =>
  overview(cashFundDeps(ctx.app), signedIn(ctx).userId);
