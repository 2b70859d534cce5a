import { MAX_WATCHLIST, type Watchlist } from '@bourse/shared';
import { useEffect } from 'react';
import { create, createStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { i18n } from '../../i18n/index.ts';
import { logger } from '../../lib/logger.ts';
import { fieldOf, parseJson, persisted } from '../../lib/persisted.ts';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { useSession } from '../session/index.ts';

/**
 * The watchlist, newest first. A guest's lives in this browser's localStorage under "guest". A
 * signed-in user's lives on the server (/api/user/watchlist), which is the truth; a copy under
 * the user's id here paints it at once on the next visit, until the server answers. At login a
 * guest's list is merged into the user's once, then cleared.
 */
export const WATCHLIST_KEY_PREFIX = 'bourse.watchlist.';
export const GUEST = 'guest';
const CODE = /^\d{6}$/;

interface WatchlistState {
  /** Whose list is loaded: a user id, or GUEST. */
  owner: string;
  /** Six-digit codes, newest first. */
  symbols: string[];
  /** False while a user's list has neither a copy here nor an answer from the server. */
  known: boolean;
}

/** A guest's list as this browser keeps it: the state before any login. */
const guestState = (): WatchlistState => ({ owner: GUEST, symbols: read(GUEST), known: true });

export const useWatchlistStore = create<WatchlistState>(guestState);

/** The server requests made for one loaded owner; a new owner starts a new one. */
interface Sync {
  owner: string;
  pending: number;
}
let sync: Sync = { owner: GUEST, pending: 0 };

/** The list kept in this browser for one owner, under its own key; null when none is kept. */
interface StoredList {
  symbols: string[] | null;
}

function codesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string' && CODE.test(s)) : [];
}

/**
 * Opens the list kept for `owner`, read from storage as it is now (another tab may have changed
 * it). A value that is not a list of codes reads as an empty list.
 */
function storedList(owner: string) {
  return createStore<StoredList>()(
    persist(
      () => ({ symbols: null }),
      persisted<StoredList, StoredList>({
        name: WATCHLIST_KEY_PREFIX + owner,
        partialize: ({ symbols }) => ({ symbols }),
        parse: (stored) => ({
          symbols: stored === undefined ? null : codesOf(fieldOf(stored, 'symbols')),
        }),
        // Before persist the key held the bare list.
        fromLegacy: (raw) => ({ symbols: parseJson(raw) }),
      }),
    ),
  );
}

export function read(owner: string): string[] {
  return storedList(owner).getState().symbols ?? [];
}

function isStored(owner: string): boolean {
  return storedList(owner).getState().symbols !== null;
}

function write(owner: string, symbols: string[]): void {
  storedList(owner).setState({ symbols });
}

function forget(owner: string): void {
  // Should storage refuse, the next login merges the list again, which adds nothing twice.
  storedList(owner).persist.clearStorage();
}

/**
 * The server calls and their zod contracts load with the first request: home shows the list
 * kept here first, and zod is not on its critical path.
 */
const watchlistApi = () => import('./watchlistApi.ts');

const without = (symbols: readonly string[], symbol: string) => symbols.filter((s) => s !== symbol);

/**
 * One request for the loaded user. Its answer becomes the list (and the copy here) only when no
 * other request of that user is still out: an earlier answer may predate a later change.
 */
async function send(current: Sync, call: () => Promise<Watchlist>): Promise<Watchlist> {
  current.pending++;
  let answer: Watchlist;
  try {
    answer = await call();
  } finally {
    current.pending--;
  }
  if (current === sync && current.pending === 0) {
    write(current.owner, answer.symbols);
    useWatchlistStore.setState({ symbols: answer.symbols, known: true });
  }
  return answer;
}

/** Fetches the user's list, merging a guest's list into it first (then cleared here). */
async function refresh(current: Sync): Promise<void> {
  const guest = read(GUEST);
  try {
    const api = await watchlistApi();
    // Logged out or switched user while the calls loaded: that list is no longer wanted.
    if (current !== sync) return;
    if (guest.length === 0) {
      await send(current, () => api.fetchWatchlist());
      return;
    }
    const { symbols } = await send(current, () => api.mergeWatchlist(guest));
    forget(GUEST);
    // Logged out while the merge was on its way: the guest's list is on the account now.
    if (useWatchlistStore.getState().owner === GUEST) useWatchlistStore.setState({ symbols: [] });
    if (guest.some((symbol) => !symbols.includes(symbol))) toast.info(i18n.t('watchlist.leftOut'));
  } catch (error) {
    // The HTTP client has shown why; the copy here stays, and a guest list waits for the next load.
    logger.warn('watchlist: not loaded from the server', error);
  }
}

/** Back to a guest's list with no request of an earlier owner counted: for tests. */
export function resetWatchlist(): void {
  sync = { owner: GUEST, pending: 0 };
  useWatchlistStore.setState(guestState());
}

/** Switches to `owner`'s list: a guest's from here, a user's from the copy here, then the server. */
export function loadWatchlist(owner: string): void {
  if (useWatchlistStore.getState().owner === owner) return;
  sync = { owner, pending: 0 };
  const guest = owner === GUEST;
  useWatchlistStore.setState({ owner, symbols: read(owner), known: guest || isStored(owner) });
  if (!guest) void refresh(sync);
}

/**
 * Adds a code at the top, or removes it when it is there; resolves to whether it is watched. A
 * user's change shows at once and is undone when the server refuses it (the HTTP client says why).
 */
export async function toggleWatch(symbol: string): Promise<boolean> {
  const { owner, symbols } = useWatchlistStore.getState();
  const watched = symbols.includes(symbol);
  if (owner === GUEST) {
    const next = watched ? without(symbols, symbol) : [symbol, ...symbols].slice(0, MAX_WATCHLIST);
    write(GUEST, next);
    useWatchlistStore.setState({ symbols: next });
    return !watched;
  }
  const at = symbols.indexOf(symbol);
  const current = sync;
  useWatchlistStore.setState({ symbols: watched ? without(symbols, symbol) : [symbol, ...symbols] });
  try {
    await send(current, async () => {
      const api = await watchlistApi();
      return watched ? api.unwatch(symbol) : api.watch(symbol);
    });
    return !watched;
  } catch (error) {
    logger.warn('watchlist: change not saved', error);
    if (current === sync) {
      useWatchlistStore.setState((state) => {
        if (!watched) return { symbols: without(state.symbols, symbol) };
        if (state.symbols.includes(symbol)) return state;
        return { symbols: [...state.symbols.slice(0, at), symbol, ...state.symbols.slice(at)] };
      });
    }
    return watched;
  }
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
  const known = useWatchlistStore((s) => s.known);
  useEffect(() => {
    if (owner !== null) loadWatchlist(owner);
  }, [owner]);
  const loaded = owner !== null && owner === loadedOwner;
  return {
    /** The list is known, so an empty one means nothing is watched. */
    ready: loaded && known,
    symbols: loaded ? symbols : [],
    has: (symbol: string) => loaded && symbols.includes(symbol),
    toggle: toggleWatch,
  };
}
