import { DomainError, type marketRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

/** One stock of the feed's listing (loaded with its status), with the fundamentals the stock page shows. */
export const instrumentHandler: Handler<typeof marketRoutes.instrument> = async ({ query, app }) => {
  const instrument = app.market.instrument(query.symbol);
  if (!instrument) throw new DomainError('market.unknownSymbol', { symbol: query.symbol });
  return instrument;
};
