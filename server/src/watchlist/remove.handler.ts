import { type watchlistRoutes, watchSymbolSchema } from '@bourse/shared';
import { parseInput } from '../http/validation.ts';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';
import { removeFromWatchlist } from './watchlist.ts';

/** Not checked against the market: a stock delisted since it was added must still come off. */
export async function removeHandler(ctx: TradeRouteContext<typeof watchlistRoutes.remove>) {
  const symbol = parseInput(watchSymbolSchema, ctx.params.symbol);
  return { symbols: await removeFromWatchlist(ctx.app.db, ctx.session.userId, symbol) };
}
