import type { InstrumentListing } from '@bourse/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fieldOf, parseJson, persisted } from '../../lib/persisted.ts';

export const RECENT_KEY = 'bourse.search.recent';
export const MAX_RECENT = 10;

export type RecentSearch = Pick<InstrumentListing, 'symbol' | 'name'>;

interface RecentSearches {
  /** Stocks opened from search, newest first, kept in this browser. */
  recent: RecentSearch[];
}

const isRecentSearch = (v: unknown): v is RecentSearch =>
  typeof v === 'object' &&
  v !== null &&
  'symbol' in v &&
  typeof v.symbol === 'string' &&
  'name' in v &&
  typeof v.name === 'string';

export const useRecentSearches = create<RecentSearches>()(
  persist(
    () => ({ recent: [] }),
    persisted<RecentSearches, RecentSearches>({
      name: RECENT_KEY,
      partialize: ({ recent }) => ({ recent }),
      parse: (stored) => {
        const recent = fieldOf(stored, 'recent');
        return { recent: Array.isArray(recent) ? recent.filter(isRecentSearch).slice(0, MAX_RECENT) : [] };
      },
      // Before persist the key held the bare list.
      fromLegacy: (raw) => ({ recent: parseJson(raw) }),
    }),
  ),
);

/** Puts a stock first, once. */
export function rememberSearch(item: RecentSearch): void {
  useRecentSearches.setState(({ recent }) => ({
    recent: [
      { symbol: item.symbol, name: item.name },
      ...recent.filter((r) => r.symbol !== item.symbol),
    ].slice(0, MAX_RECENT),
  }));
}

export function clearRecent(): void {
  useRecentSearches.setState({ recent: [] });
}
