import type { ipoRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { subscriptionsOf } from './queries.ts';
import { subscriptionView } from './views.ts';

export const subscriptionsHandler: Handler<typeof ipoRoutes.subscriptions> = async (ctx) => {
  const { page, pageSize } = ctx.query;
  const { rows, total } = await subscriptionsOf(ctx.app.db, signedIn(ctx).userId, { page, pageSize });
  return { items: rows.map(subscriptionView), page, pageSize, total };
};
