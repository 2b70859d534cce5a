import type { cashFundRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { overview } from './cashFund.ts';
import { cashFundDeps } from './fundDeps.ts';

export const overviewHandler: Handler<typeof cashFundRoutes.overview> = async (ctx) =>
  overview(cashFundDeps(ctx.app), signedIn(ctx).userId);
