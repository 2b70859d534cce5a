import type { ipoRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { tradingDateOf } from '../trading/marketView.ts';
import { tradingDeps } from '../trading/tradingDeps.ts';
import { issueByCode, subscriptionOf } from './queries.ts';
import { ipoQuota } from './quota.ts';
import { ipoView, subscriptionView } from './views.ts';

export const detailHandler: Handler<typeof ipoRoutes.detail> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const { db } = ctx.app;
  const { ipo, draw } = await issueByCode(db, ctx.query.code);
  const today = tradingDateOf(await tradingDeps(ctx.app).market.status());
  const [quota, subscription] = await Promise.all([
    ipoQuota(db, userId, ipo, today),
    subscriptionOf(db, userId, ipo.id),
  ]);
  return { ipo: ipoView(ipo, draw), quota, subscription: subscription && subscriptionView(subscription) };
};
