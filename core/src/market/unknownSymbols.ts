import { DomainError } from '@bourse/shared';

const NAMED_AT_MOST = 10;

/** market.unknownSymbol naming the codes (the first ten in the message, all of them in `symbols`). */
export class UnknownSymbolsError extends DomainError {
  constructor(readonly symbols: readonly string[]) {
    const named = symbols.slice(0, NAMED_AT_MOST).join(', ');
    super('market.unknownSymbol', { symbol: symbols.length > NAMED_AT_MOST ? `${named}, …` : named });
  }
}
