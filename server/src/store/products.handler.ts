import { listProducts } from '@bourse/core/store/catalogue.ts';
import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const productsHandler: Handler<typeof storeRoutes.products> = (ctx) =>
  listProducts(ctx.app.db, ctx.query, ctx.locale);
