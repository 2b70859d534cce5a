import { shopDetail } from '@bourse/core/store/detail.ts';
import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const shopHandler: Handler<typeof storeRoutes.shop> = (ctx) =>
  shopDetail(ctx.app.db, ctx.query.id, ctx.locale);
