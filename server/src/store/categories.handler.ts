import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { categoriesWithCounts } from './catalogue.ts';

export const categoriesHandler: Handler<typeof storeRoutes.categories> = async (ctx) => ({
  items: await categoriesWithCounts(ctx.app.db, ctx.locale),
});
