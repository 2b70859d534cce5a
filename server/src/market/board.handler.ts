import type { FeedQuote, marketRoutes, QueryOf } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

type BoardQuery = QueryOf<typeof marketRoutes.board>;

/** The board's codes in the asked order; ties (and the symbol sort itself) by code so pages stay stable. */
export function sortBoard(
  quotes: readonly FeedQuote[],
  sort: BoardQuery['sort'],
  order: BoardQuery['order'],
) {
  const sign = order === 'asc' ? 1 : -1;
  // Ordering only: a float per row is exact enough to compare decimal strings of prices and percentages.
  const rows = quotes.map((q) => ({ symbol: q.symbol, value: sort === 'symbol' ? 0 : Number(q[sort]) }));
  rows.sort((a, b) => {
    const bySymbol = a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
    if (sort === 'symbol') return sign * bySymbol;
    return a.value === b.value ? bySymbol : sign * (a.value - b.value);
  });
  return rows.map((row) => row.symbol);
}

export const boardHandler: Handler<typeof marketRoutes.board> = async ({ query, app }) => {
  const quotes: FeedQuote[] = [];
  let ts = 0;
  for (const quote of app.market.quotes()) {
    ts = Math.max(ts, quote.ts);
    if (query.board === 'all' || quote.board === query.board) quotes.push(quote);
  }
  return { symbols: sortBoard(quotes, query.sort, query.order), ts };
};
