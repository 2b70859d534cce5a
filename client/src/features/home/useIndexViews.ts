import { useEffect, useMemo, useState } from 'react';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { loadMarketApi, useIndices } from '../market/index.ts';
import { INDEX_SYMBOLS, type IndexSymbol, type IndexView } from './IndexCards.tsx';
import { type IndexLine, withLiveValue } from './indexLines.ts';

/** Real ms between reloads of the intraday lines; between them each line grows from the live quotes. */
export const INDEX_LINES_REFRESH_MS = 60_000;

type Lines = Partial<Record<IndexSymbol, IndexLine>>;

async function loadLines(signal: AbortSignal): Promise<Lines> {
  // The REST contracts (zod) load with the market data layer, after the first screen.
  const { fetchIntraday } = await loadMarketApi();
  const days = await Promise.all(INDEX_SYMBOLS.map((symbol) => fetchIntraday(symbol, signal)));
  return Object.fromEntries(
    days.map((day, i) => [
      INDEX_SYMBOLS[i],
      // Numbers only to draw: the line is a shape, its figures are not shown.
      {
        tradingDate: day.tradingDate,
        points: day.points.map((p) => ({ time: p.time, value: Number(p.price) })),
      },
    ]),
  );
}

/** The index cards' data: the live quotes, and today's lines from the intraday route kept current by them. */
export function useIndexViews(): Partial<Record<IndexSymbol, IndexView>> {
  const quotes = useIndices();
  // A new trading day needs no reload: its first quote starts its line (withLiveValue).
  const [loaded] = useLoad(loadLines, [], { refreshMs: INDEX_LINES_REFRESH_MS });
  const fetched = dataOf(loaded);
  const [lines, setLines] = useState<Lines>({});

  useEffect(() => {
    if (fetched) setLines(fetched);
  }, [fetched]);

  useEffect(() => {
    setLines((current) => {
      let next = current;
      for (const symbol of INDEX_SYMBOLS) {
        const quote = quotes[symbol];
        // Before the open an index sits at its previous close: nothing of today to draw yet.
        if (!quote || quote.open === null) continue;
        const line = withLiveValue(current[symbol], quote.time, Number(quote.value));
        if (line !== current[symbol]) next = { ...next, [symbol]: line };
      }
      return next;
    });
  }, [quotes]);

  return useMemo(
    () =>
      Object.fromEntries(
        INDEX_SYMBOLS.map((symbol) => [
          symbol,
          { quote: quotes[symbol], points: lines[symbol]?.points.map((p) => p.value) },
        ]),
      ),
    [quotes, lines],
  );
}
