import { decimalToCents } from '@bourse/shared';
import { type Quote, useMarketStore } from '../../market/index.ts';
import type { Tick } from './liveBars.ts';

/**
 * Calls `listener` each time the store (at most once a frame) brings a new quote of `symbol`,
 * with the market time of its latest trade tick: quotes carry only the publish time, and a
 * simulated market's clock runs apart from it. Needs the symbol's book subscription (the ticks).
 */
export function subscribeTicks(
  symbol: string,
  listener: (tick: Tick, quote: Quote, tradingDate: string) => void,
): () => void {
  return useMarketStore.subscribe((state, previous) => {
    const quote = state.quotes[symbol];
    if (!quote || quote === previous.quotes[symbol]) return;
    const time = state.trades[symbol]?.[0]?.time;
    const tradingDate = state.status?.tradingDate;
    if (time === undefined || !tradingDate) return;
    listener({ time, price: decimalToCents(quote.price), dayVolume: quote.volume }, quote, tradingDate);
  });
}
