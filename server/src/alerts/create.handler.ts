import { createAlert } from '@bourse/core/alerts';
import { UnknownSymbolsError } from '@bourse/core/market/unknownSymbols.ts';
import type { priceAlertRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

/** Only on a stock the market lists now; the alert keeps its name for the list and the inbox. */
export const createHandler: Handler<typeof priceAlertRoutes.create> = (ctx) => {
  const quote = ctx.app.market.quote(ctx.body.symbol);
  if (!quote) throw new UnknownSymbolsError([ctx.body.symbol]);
  return createAlert(ctx.app.services.alerts, signedIn(ctx).userId, ctx.body, quote.name);
};
