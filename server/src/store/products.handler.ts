import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { listProducts } from './catalogue.ts';

export const productsHandler: Handler<typeof storeRoutes.products> = (ctx) =>
  listProducts(ctx.app.db, ctx.query, ctx.locale);
