import { watchlistOf } from '@bourse/core/watchlist/watchlist.ts';
import type { watchlistRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const listHandler: Handler<typeof watchlistRoutes.list> = async (ctx) => ({
  symbols: await watchlistOf(ctx.app.db, signedIn(ctx).userId),
});
