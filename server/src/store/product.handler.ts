import { productDetail } from '@bourse/core/store/detail.ts';
import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const productHandler: Handler<typeof storeRoutes.product> = (ctx) =>
  productDetail(ctx.app.db, ctx.query.id, ctx.locale);
