import { UnknownSymbolsError } from '@bourse/core/market/unknownSymbols.ts';
import { addToWatchlist } from '@bourse/core/watchlist/watchlist.ts';
import type { watchlistRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

/** Only a stock the market lists now can be added. */
export const addHandler: Handler<typeof watchlistRoutes.add> = async (ctx) => {
  const { symbol } = ctx.body;
  if (!ctx.app.market.quote(symbol)) throw new UnknownSymbolsError([symbol]);
  return { symbols: await addToWatchlist(ctx.app.db, signedIn(ctx).userId, symbol) };
};
