import { reviewRealName } from '@bourse/core/identity/review.ts';
import type { identityRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const reviewHandler: Handler<typeof identityRoutes.review> = async (ctx) => {
  const { item, sent } = await reviewRealName(ctx.app.db, signedIn(ctx).userId, ctx.body);
  ctx.app.services.messages.publish(sent);
  return item;
};
