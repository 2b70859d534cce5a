import { toQuoteSnapshot } from '@bourse/core/market/quoteViews.ts';
import { UnknownSymbolsError } from '@bourse/core/market/unknownSymbols.ts';
import { DomainError, MAX_SYMBOLS_PER_SOCKET, type marketRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

const SYMBOL = /^\d{6}$/;

/** The latest snapshot of each code, in the order asked; any unknown code fails the request and is named. */
export const quotesHandler: Handler<typeof marketRoutes.quotes> = async ({ query, app }) => {
  const symbols = [...new Set(query.symbols.split(',').map((s) => s.trim()))].filter((s) => s !== '');
  if (symbols.length === 0 || !symbols.every((s) => SYMBOL.test(s)))
    throw new DomainError('market.badSymbol');
  if (symbols.length > MAX_SYMBOLS_PER_SOCKET) {
    throw new DomainError('market.tooManySymbols', { max: MAX_SYMBOLS_PER_SOCKET });
  }
  const unknown = symbols.filter((symbol) => !app.market.quote(symbol));
  if (unknown.length > 0) throw new UnknownSymbolsError(unknown);
  return symbols.map((symbol) => toQuoteSnapshot(app.market.quote(symbol)!));
};
