import { subscribeIpo } from '@bourse/core/ipo/subscribe.ts';
import type { ipoRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const subscribeHandler: Handler<typeof ipoRoutes.subscribe> = (ctx) =>
  subscribeIpo(ctx.app, ctx.app.services.trading.market, signedIn(ctx).userId, ctx.body);
