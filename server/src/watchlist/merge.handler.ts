import { mergeIntoWatchlist } from '@bourse/core/watchlist/watchlist.ts';
import type { watchlistRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

/**
 * Lenient where adding is strict: a guest's list is whatever a browser kept, so a code the
 * market no longer lists is left out rather than refusing the rest of the list.
 */
export const mergeHandler: Handler<typeof watchlistRoutes.merge> = async (ctx) => {
  const listed = ctx.body.symbols.filter((symbol) => ctx.app.market.quote(symbol));
  return { symbols: await mergeIntoWatchlist(ctx.app.db, signedIn(ctx).userId, listed) };
};
