import { issueByCode, subscriptionOf } from '@bourse/core/ipo/queries.ts';
import { ipoQuota } from '@bourse/core/ipo/quota.ts';
import { ipoView, subscriptionView } from '@bourse/core/ipo/views.ts';
import { tradingDateOf } from '@bourse/core/trading/marketView.ts';
import type { ipoRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const detailHandler: Handler<typeof ipoRoutes.detail> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const { db } = ctx.app;
  const { ipo, draw } = await issueByCode(db, ctx.query.code);
  const today = tradingDateOf(await ctx.app.services.trading.market.status());
  const [quota, subscription] = await Promise.all([
    ipoQuota(db, userId, ipo, today),
    subscriptionOf(db, userId, ipo.id),
  ]);
  return { ipo: ipoView(ipo, draw), quota, subscription: subscription && subscriptionView(subscription) };
};
