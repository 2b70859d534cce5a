import { subscriptionsOf } from '@bourse/core/ipo/queries.ts';
import { subscriptionView } from '@bourse/core/ipo/views.ts';
import type { ipoRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const subscriptionsHandler: Handler<typeof ipoRoutes.subscriptions> = async (ctx) => {
  const { page, pageSize } = ctx.query;
  const { rows, total } = await subscriptionsOf(ctx.app.db, signedIn(ctx).userId, { page, pageSize });
  return { items: rows.map(subscriptionView), page, pageSize, total };
};
