import { reviewRealName } from '@bourse/core/identity/review.ts';
import { messagePublisher } from '@bourse/core/messages/publisher.ts';
import type { identityRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const reviewHandler: Handler<typeof identityRoutes.review> = async (ctx) => {
  const { item, sent } = await reviewRealName(ctx.app.db, signedIn(ctx).userId, ctx.body);
  messagePublisher(ctx.app).publish(sent);
  return item;
};
