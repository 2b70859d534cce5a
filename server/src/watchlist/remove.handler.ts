import { parseInput } from '@bourse/core/platform/validation.ts';
import { removeFromWatchlist } from '@bourse/core/watchlist/watchlist.ts';
import { type watchlistRoutes, watchSymbolSchema } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

/** Not checked against the market: a stock delisted since it was added must still come off. */
export const removeHandler: Handler<typeof watchlistRoutes.remove> = async (ctx) => {
  const symbol = parseInput(watchSymbolSchema, ctx.params.symbol);
  return { symbols: await removeFromWatchlist(ctx.app.db, signedIn(ctx).userId, symbol) };
};
