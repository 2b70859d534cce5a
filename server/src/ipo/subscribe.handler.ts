import type { ipoRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { subscribeIpo } from './subscribe.ts';

export const subscribeHandler: Handler<typeof ipoRoutes.subscribe> = (ctx) =>
  subscribeIpo(ctx.app, signedIn(ctx).userId, ctx.body);
