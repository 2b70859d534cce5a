import { subscribe } from '@bourse/core/push';
import type { pushRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const subscribeHandler: Handler<typeof pushRoutes.subscribe> = async (ctx) => {
  await subscribe(ctx.app.db, signedIn(ctx).userId, ctx.body, ctx.userAgent, ctx.app.config.pushServiceHosts);
  return { subscribed: true };
};
