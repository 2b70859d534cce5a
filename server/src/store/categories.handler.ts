import { categoriesWithCounts } from '@bourse/core/store/catalogue.ts';
import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const categoriesHandler: Handler<typeof storeRoutes.categories> = async (ctx) => ({
  items: await categoriesWithCounts(ctx.app.db, ctx.locale),
});
