import { unsubscribe } from '@bourse/core/push';
import type { pushRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const unsubscribeHandler: Handler<typeof pushRoutes.unsubscribe> = async (ctx) => {
  await unsubscribe(ctx.app.db, signedIn(ctx).userId, ctx.body.endpoint);
  return { subscribed: false };
};
