import { setFollow } from '@bourse/core/store/follows.ts';
import type { storeRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const unfollowHandler: Handler<typeof storeRoutes.unfollow> = (ctx) =>
  setFollow(ctx.app.db, signedIn(ctx).userId, ctx.query.shopId, false);
