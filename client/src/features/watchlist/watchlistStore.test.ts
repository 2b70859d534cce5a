// @vitest-environment jsdom
import { MAX_WATCHLIST } from '@bourse/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { callsTo, demoUser, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { resetSession } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';
import {
  GUEST,
  loadWatchlist,
  read,
  toggleWatch,
  useWatchlist,
  useWatchlistStore,
  WATCHLIST_KEY_PREFIX,
} from './watchlistStore.ts';

const USER_KEY = `${WATCHLIST_KEY_PREFIX}${demoUser.id}`;
const GUEST_KEY = `${WATCHLIST_KEY_PREFIX}guest`;
const list = (symbols: string[]) => ok({ symbols });
const sentBody = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));
const toastText = () => useToastStore.getState().current?.message;

/** The hook, then a login as the demo user with its info loaded. */
function loggedIn() {
  const hook = renderHook(() => useWatchlist());
  act(() => useSession.setState({ token: 'tok', userInfo: demoUser }));
  return hook;
}

beforeEach(() => {
  localStorage.clear();
  resetSession();
  fakeApi({});
  // Reloads the (now empty) guest list without asking the server for anyone's.
  useWatchlistStore.setState({ owner: 'nobody' });
  loadWatchlist(GUEST);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a guest's watchlist", () => {
  it('adds at the top, removes on a second toggle, and keeps it in localStorage', async () => {
    expect(await toggleWatch('604000')).toBe(true);
    expect(await toggleWatch('004001')).toBe(true);
    expect(read(GUEST)).toEqual(['004001', '604000']);
    expect(await toggleWatch('604000')).toBe(false);
    expect(read(GUEST)).toEqual(['004001']);
  });

  it('reads the list written before persist, under the same key, and rewrites it in persist form', () => {
    localStorage.setItem(GUEST_KEY, '["604000", 5, "x", "303750"]');
    expect(read(GUEST)).toEqual(['604000', '303750']);
    expect(JSON.parse(localStorage.getItem(GUEST_KEY) ?? '')).toEqual({
      state: { symbols: ['604000', '303750'] },
      version: 1,
    });
  });

  it('ignores what is not a list of codes', () => {
    for (const garbage of ['{"a":1}', 'not json', '{"state":{"symbols":"604000"},"version":1}']) {
      localStorage.setItem(GUEST_KEY, garbage);
      expect(read(GUEST)).toEqual([]);
    }
  });

  it(`holds at most ${MAX_WATCHLIST} stocks`, async () => {
    for (let i = 0; i < MAX_WATCHLIST + 5; i++) await toggleWatch(String(604000 + i));
    expect(read(GUEST)).toHaveLength(MAX_WATCHLIST);
    expect(read(GUEST)[0]).toBe(String(604000 + MAX_WATCHLIST + 4));
  });
});

describe("a user's watchlist", () => {
  it("shows nothing while the session's user is not loaded, rather than the guest's list", async () => {
    await toggleWatch('604000');
    fakeApi({ 'POST /user/watchlist/merge': list(['604000', '303750']) });
    const { result } = renderHook(() => useWatchlist());
    expect(result.current.symbols).toEqual(['604000']);
    act(() => useSession.setState({ token: 'tok' }));
    expect(result.current).toMatchObject({ ready: false, symbols: [] });
    expect(result.current.has('604000')).toBe(false);
    act(() => useSession.setState({ userInfo: demoUser }));
    await waitFor(() => expect(result.current.symbols).toEqual(['604000', '303750']));
    expect(result.current.ready).toBe(true);
  });

  it('paints the copy kept in this browser at once, then the server list, which it keeps as the copy', async () => {
    localStorage.setItem(USER_KEY, '["604000"]');
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({ 'GET /user/watchlist': () => new Promise((resolve) => (answer = resolve)) });
    const { result } = loggedIn();
    expect(result.current).toMatchObject({ ready: true, symbols: ['604000'] });
    await waitFor(() => expect(callsTo(api, 'GET /user/watchlist')).toHaveLength(1));
    answer(jsonResponse({ code: 1, msg: 'ok', data: { symbols: ['303750', '604000'] } }));
    await waitFor(() => expect(result.current.symbols).toEqual(['303750', '604000']));
    expect(read(demoUser.id)).toEqual(['303750', '604000']);
  });

  it('is not ready before the first answer when this browser keeps no copy', async () => {
    fakeApi({ 'GET /user/watchlist': list([]) });
    const { result } = loggedIn();
    expect(result.current.ready).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.symbols).toEqual([]);
  });

  it("merges the guest's list once at login, then clears it", async () => {
    await toggleWatch('604000');
    await toggleWatch('004001');
    const api = fakeApi({
      'POST /user/watchlist/merge': (init) => {
        const { symbols } = sentBody(init) as { symbols: string[] };
        return jsonResponse({ code: 1, msg: 'ok', data: { symbols: [...symbols, '303750'] } });
      },
      'GET /user/watchlist': list(['004001', '604000', '303750']),
    });
    const { result } = loggedIn();
    await waitFor(() => expect(result.current.symbols).toEqual(['004001', '604000', '303750']));
    expect(callsTo(api, 'POST /user/watchlist/merge').map(sentBody)).toEqual([
      { symbols: ['004001', '604000'] },
    ]);
    await waitFor(() => expect(localStorage.getItem(GUEST_KEY)).toBeNull());
    expect(toastText()).toBeUndefined();

    act(() => useSession.getState().logout());
    expect(result.current.symbols).toEqual([]);
    act(() => useSession.setState({ token: 'tok', userInfo: demoUser }));
    await waitFor(() => expect(callsTo(api, 'GET /user/watchlist')).toHaveLength(1));
    expect(callsTo(api, 'POST /user/watchlist/merge')).toHaveLength(1);
  });

  it('says so when the server left out some of the guest list', async () => {
    await toggleWatch('604000');
    await toggleWatch('004001');
    fakeApi({ 'POST /user/watchlist/merge': list(['604000']) });
    const { result } = loggedIn();
    await waitFor(() =>
      expect(toastText()).toBe(
        'Some stocks saved on this device were not added to your watchlist: it is full, or they are no longer listed.',
      ),
    );
    expect(result.current.symbols).toEqual(['604000']);
  });

  it('keeps the guest list for the next login when the merge fails', async () => {
    await toggleWatch('604000');
    fakeApi({
      'POST /user/watchlist/merge': { status: 503, body: { code: 503, msg: 'Try again shortly.' } },
    });
    const { result } = loggedIn();
    await waitFor(() => expect(toastText()).toBe('Try again shortly.'));
    expect(result.current.ready).toBe(false);
    expect(read(GUEST)).toEqual(['604000']);
  });

  it('shows a change at once and keeps the list the server answers', async () => {
    localStorage.setItem(USER_KEY, '["604000"]');
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({
      'GET /user/watchlist': list(['604000']),
      'POST /user/watchlist': () => new Promise((resolve) => (answer = resolve)),
    });
    const { result } = loggedIn();
    await waitFor(() => expect(callsTo(api, 'GET /user/watchlist')).toHaveLength(1));
    let added: Promise<boolean> = Promise.resolve(false);
    act(() => {
      added = result.current.toggle('303750');
    });
    expect(result.current.symbols).toEqual(['303750', '604000']);
    // The calls load with the first request: the POST goes out a moment after the tap.
    await waitFor(() => expect(callsTo(api, 'POST /user/watchlist')).toHaveLength(1));
    answer(jsonResponse({ code: 1, msg: 'ok', data: { symbols: ['303750', '604000'] } }));
    expect(await added).toBe(true);
    expect(read(demoUser.id)).toEqual(['303750', '604000']);
  });

  it('undoes an addition the server refuses, and shows why', async () => {
    localStorage.setItem(USER_KEY, '["604000"]');
    const api = fakeApi({
      'GET /user/watchlist': list(['604000']),
      'POST /user/watchlist': {
        status: 409,
        body: { code: 409, msg: 'Your watchlist is full.', key: 'watchlist.full' },
      },
    });
    const { result } = loggedIn();
    await waitFor(() => expect(callsTo(api, 'GET /user/watchlist')).toHaveLength(1));
    let added: Promise<boolean> = Promise.resolve(true);
    act(() => {
      added = result.current.toggle('303750');
    });
    expect(result.current.has('303750')).toBe(true);
    expect(await added).toBe(false);
    await waitFor(() => expect(result.current.symbols).toEqual(['604000']));
    expect(toastText()).toBe('Your watchlist is full.');
    expect(sentBody(callsTo(api, 'POST /user/watchlist')[0])).toEqual({ symbol: '303750' });
  });

  it('puts back a removal that fails, in its place', async () => {
    const symbols = ['604001', '604000', '604002'];
    fakeApi({
      'GET /user/watchlist': list(symbols),
      'DELETE /user/watchlist/604000': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { result } = loggedIn();
    await waitFor(() => expect(result.current.symbols).toEqual(symbols));
    let removed: Promise<boolean> = Promise.resolve(false);
    act(() => {
      removed = result.current.toggle('604000');
    });
    expect(result.current.symbols).toEqual(['604001', '604002']);
    expect(await removed).toBe(true);
    await waitFor(() => expect(result.current.symbols).toEqual(symbols));
    expect(toastText()).toBe('Cannot connect to the server.');
  });
});
