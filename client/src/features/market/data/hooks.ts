import type { IndexQuoteUpdate, MarketBreadth, RankEvent, RankList } from '@bourse/shared';
import { useEffect, useMemo } from 'react';
import { withConnection } from './connection.ts';
import { type Quote, useMarketStore } from './marketStore.ts';

/** Streams these symbols' quotes while the component is mounted (and the list is unchanged). */
export function useQuoteStream(symbols: readonly string[]): void {
  const key = symbols.join(',');
  useEffect(() => {
    if (!key) return;
    return withConnection((connection) => connection.watchQuotes(key.split(',')));
  }, [key]);
}

/** One symbol's live quote; re-renders only when that row changes. */
export function useQuote(symbol: string | undefined): Quote | undefined {
  return useMarketStore((s) => (symbol ? s.quotes[symbol] : undefined));
}

/** Streams and returns one symbol's quote. */
export function useLiveQuote(symbol: string | undefined): Quote | undefined {
  const symbols = useMemo(() => (symbol ? [symbol] : []), [symbol]);
  useQuoteStream(symbols);
  return useQuote(symbol);
}

/** A ranking list, live while mounted. */
export function useRank(list: RankList): RankEvent | undefined {
  useEffect(() => withConnection((connection) => connection.watchRank(list)), [list]);
  return useMarketStore((s) => s.ranks[list]);
}

/** Every index quote by code, live while mounted; empty until the first answer. */
export function useIndices(): Record<string, IndexQuoteUpdate> {
  useEffect(() => withConnection((connection) => connection.watchIndices()), []);
  return useMarketStore((s) => s.indices);
}

/** How many stocks are up, flat and down, live while mounted; null until the first answer. */
export function useBreadth(): MarketBreadth | null {
  useEffect(() => withConnection((connection) => connection.watchBreadth()), []);
  return useMarketStore((s) => s.breadth);
}

/** Keeps the /market socket open while mounted, even where nothing streams: the status comes with it. */
export function useOpenMarketSocket(): void {
  useEffect(
    () =>
      withConnection((connection) => {
        connection.open();
        return undefined;
      }),
    [],
  );
}

/** The book and trade ticks of one symbol, live while mounted. */
export function useBookStream(symbol: string | undefined): void {
  useEffect(() => {
    if (!symbol) return;
    return withConnection((connection) => connection.watchBook(symbol));
  }, [symbol]);
}

export const useMarketStatus = () => useMarketStore((s) => s.status);
export const useConnectionState = () => useMarketStore((s) => s.connection);
/** Why the server refused the connection, while it is refused. */
export const useConnectionRefusal = () => useMarketStore((s) => s.refusal);
/** Whether the server hears the feed live. */
export const useFeedState = () => useMarketStore((s) => s.feed);
