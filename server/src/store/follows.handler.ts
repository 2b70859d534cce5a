import { followedShopIds } from '@bourse/core/store/follows.ts';
import type { storeRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const followsHandler: Handler<typeof storeRoutes.follows> = async (ctx) => ({
  shopIds: await followedShopIds(ctx.app.db, signedIn(ctx).userId),
});
