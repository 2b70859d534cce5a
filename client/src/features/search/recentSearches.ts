import type { InstrumentListing } from '@bourse/shared';

/** Stocks opened from search, newest first, kept in this browser. */
export const RECENT_KEY = 'bourse.search.recent';
export const MAX_RECENT = 10;

export type RecentSearch = Pick<InstrumentListing, 'symbol' | 'name'>;

export function readRecent(): RecentSearch[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (v): v is RecentSearch =>
        typeof v === 'object' && v !== null && typeof v.symbol === 'string' && typeof v.name === 'string',
    );
  } catch {
    return [];
  }
}

function write(list: readonly RecentSearch[]): void {
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Private mode may refuse storage: recent searches are a convenience.
  }
}

/** Puts a stock first, once; returns the new list. */
export function rememberSearch(item: RecentSearch): RecentSearch[] {
  const next = [
    { symbol: item.symbol, name: item.name },
    ...readRecent().filter((r) => r.symbol !== item.symbol),
  ].slice(0, MAX_RECENT);
  write(next);
  return next;
}

export function clearRecent(): void {
  write([]);
}
