import type { FillView } from '@bourse/shared';
import { useMemo } from 'react';
import type { Loadable } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { fetchFills, newestFirst, useTradingStore } from '../trade/index.ts';

/**
 * Every fill of one stock, newest first: earlier days from the REST route, today's kept live by
 * the /user channel.
 */
export function useSymbolFills(symbol: string): [Loadable<FillView[]>, () => void] {
  const [loaded, reload] = useLoad(
    async (signal) => {
      const [earlier, today] = await Promise.all([
        fetchFills({ scope: 'history', symbol }, signal),
        fetchFills({ scope: 'today', symbol }, signal),
      ]);
      return [...today, ...earlier];
    },
    [symbol],
  );
  const live = useTradingStore((s) => s.fills);
  const merged = useMemo((): Loadable<FillView[]> => {
    if (loaded.status !== 'success') return loaded;
    const byId = new Map(loaded.data.map((f) => [f.id, f]));
    for (const fill of Object.values(live)) if (fill.symbol === symbol) byId.set(fill.id, fill);
    return { status: 'success', data: newestFirst(byId.values()) };
  }, [loaded, live, symbol]);
  return [merged, reload];
}
