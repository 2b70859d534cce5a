import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser } from '../../test/fixtures.ts';
import { resetSession } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';
import {
  GUEST,
  loadWatchlist,
  MAX_WATCHLIST,
  read,
  toggleWatch,
  useWatchlist,
  WATCHLIST_KEY_PREFIX,
} from './watchlistStore.ts';

beforeEach(() => {
  localStorage.clear();
  resetSession();
  loadWatchlist('nobody');
  loadWatchlist(GUEST);
});

describe('watchlist', () => {
  it('adds at the top, removes on a second toggle, and keeps it in localStorage', () => {
    expect(toggleWatch('600000')).toBe(true);
    expect(toggleWatch('000001')).toBe(true);
    expect(read(GUEST)).toEqual(['000001', '600000']);
    expect(toggleWatch('600000')).toBe(false);
    expect(JSON.parse(localStorage.getItem(`${WATCHLIST_KEY_PREFIX}guest`) ?? '')).toEqual(['000001']);
  });

  it('ignores what is not a list of codes', () => {
    localStorage.setItem(`${WATCHLIST_KEY_PREFIX}guest`, '{"a":1}');
    expect(read(GUEST)).toEqual([]);
    localStorage.setItem(`${WATCHLIST_KEY_PREFIX}guest`, '["600000", 5, "x", "300750"]');
    expect(read(GUEST)).toEqual(['600000', '300750']);
  });

  it(`holds at most ${MAX_WATCHLIST} stocks`, () => {
    for (let i = 0; i < MAX_WATCHLIST + 5; i++) toggleWatch(String(600000 + i));
    expect(read(GUEST)).toHaveLength(MAX_WATCHLIST);
    expect(read(GUEST)[0]).toBe(String(600000 + MAX_WATCHLIST + 4));
  });

  it("keeps one list per user and the guest's apart", () => {
    toggleWatch('600000');
    const { result } = renderHook(() => useWatchlist());
    expect(result.current.symbols).toEqual(['600000']);
    // Logged in, user not loaded yet: nothing shown rather than the guest's list.
    act(() => useSession.setState({ token: 'tok' }));
    expect(result.current.ready).toBe(false);
    expect(result.current.has('600000')).toBe(false);
    act(() => useSession.setState({ userInfo: demoUser }));
    expect(result.current.symbols).toEqual([]);
    act(() => void result.current.toggle('300750'));
    expect(read(demoUser.id)).toEqual(['300750']);
    act(() => useSession.getState().logout());
    expect(result.current.symbols).toEqual(['600000']);
  });
});
