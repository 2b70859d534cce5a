import type { marketRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const searchHandler: Handler<typeof marketRoutes.search> = async ({ query, app }) =>
  app.market.search(query.q, query.limit);
