import { setFollow } from '@bourse/core/store/follows.ts';
import type { storeRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const followHandler: Handler<typeof storeRoutes.follow> = (ctx) =>
  setFollow(ctx.app.db, signedIn(ctx).userId, ctx.body.shopId, true);
