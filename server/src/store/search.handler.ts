import { searchCatalogue } from '@bourse/core/store/search.ts';
import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const searchHandler: Handler<typeof storeRoutes.search> = (ctx) =>
  searchCatalogue(ctx.app.db, ctx.query.q, ctx.locale);
