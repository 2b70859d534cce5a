import { parseInput } from '@bourse/core/platform/validation.ts';
import { removeFromWatchlist } from '@bourse/core/watchlist/watchlist.ts';
import { type watchlistRoutes, watchSymbolSchema } from '@bourse/shared';
import type { TradeRouteContext } from '../trading/tradeRoute.ts';

/** Not checked against the market: a stock delisted since it was added must still come off. */
export async function removeHandler(ctx: TradeRouteContext<typeof watchlistRoutes.remove>) {
  const symbol = parseInput(watchSymbolSchema, ctx.params.symbol);
  return { symbols: await removeFromWatchlist(ctx.app.db, ctx.session.userId, symbol) };
}
