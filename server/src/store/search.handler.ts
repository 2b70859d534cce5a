import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const searchHandler: Handler<typeof storeRoutes.search> = (ctx) =>
  ctx.app.services.storeSearch.search(ctx.query.q, ctx.locale);
