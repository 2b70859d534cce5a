import { useEffect } from 'react';
import { create } from 'zustand';
import { logger } from '../../lib/logger.ts';
import { useSession } from '../session/sessionStore.ts';

/**
 * The watchlist, kept in this browser's localStorage under the user's id when logged in (and
 * under "guest" otherwise), newest first. There is no server route for it yet, so it does not
 * follow the user to another device.
 */
export const WATCHLIST_KEY_PREFIX = 'bourse.watchlist.';
export const GUEST = 'guest';
/** Each stock on the watchlist streams; the server caps a connection at 300 symbols. */
export const MAX_WATCHLIST = 100;
const CODE = /^\d{6}$/;

interface WatchlistState {
  /** Whose list is loaded: a user id, or GUEST. */
  owner: string;
  /** Six-digit codes, newest first. */
  symbols: string[];
}

export const useWatchlistStore = create<WatchlistState>(() => ({ owner: GUEST, symbols: read(GUEST) }));

export function read(owner: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(WATCHLIST_KEY_PREFIX + owner) ?? '[]');
    return Array.isArray(value)
      ? value.filter((s): s is string => typeof s === 'string' && CODE.test(s))
      : [];
  } catch {
    return [];
  }
}

function write(owner: string, symbols: readonly string[]): void {
  try {
    localStorage.setItem(WATCHLIST_KEY_PREFIX + owner, JSON.stringify(symbols));
  } catch (error) {
    // Private mode may refuse storage: the list still holds for this visit.
    logger.warn('watchlist: not saved', error);
  }
}

/** Switches to `owner`'s saved list. */
export function loadWatchlist(owner: string): void {
  if (useWatchlistStore.getState().owner === owner) return;
  useWatchlistStore.setState({ owner, symbols: read(owner) });
}

/** Adds a code at the top, or removes it when it is there; returns whether it is now watched. */
export function toggleWatch(symbol: string): boolean {
  const { owner, symbols } = useWatchlistStore.getState();
  const watched = symbols.includes(symbol);
  const next = watched ? symbols.filter((s) => s !== symbol) : [symbol, ...symbols].slice(0, MAX_WATCHLIST);
  write(owner, next);
  useWatchlistStore.setState({ symbols: next });
  return !watched;
}

/** The signed-in user's id, GUEST when logged out, null while a session's user is not loaded yet. */
function currentOwner(token: string, userId: string | undefined): string | null {
  if (!token) return GUEST;
  return userId ?? null;
}

/** The current user's watchlist, following logins and logouts. */
export function useWatchlist() {
  const owner = useSession((s) => currentOwner(s.token, s.userInfo?.id));
  const symbols = useWatchlistStore((s) => s.symbols);
  const loadedOwner = useWatchlistStore((s) => s.owner);
  useEffect(() => {
    if (owner !== null) loadWatchlist(owner);
  }, [owner]);
  const ready = owner !== null && owner === loadedOwner;
  return {
    ready,
    symbols: ready ? symbols : [],
    has: (symbol: string) => ready && symbols.includes(symbol),
    toggle: toggleWatch,
  };
}
