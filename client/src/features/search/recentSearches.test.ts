// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearRecent, MAX_RECENT, RECENT_KEY, rememberSearch, useRecentSearches } from './recentSearches.ts';

const recent = () => useRecentSearches.getState().recent;
/** What a fresh page load reads back from storage. */
const reload = () => useRecentSearches.persist.rehydrate();

beforeEach(() => {
  localStorage.clear();
  useRecentSearches.setState({ recent: [] });
});

describe('recent searches', () => {
  it('keeps the newest first, each stock once, at most ten, across reloads', async () => {
    rememberSearch({ symbol: '604000', name: 'A' });
    rememberSearch({ symbol: '004001', name: 'B' });
    rememberSearch({ symbol: '604000', name: 'A' });
    expect(recent().map((r) => r.symbol)).toEqual(['604000', '004001']);
    for (let i = 0; i < 15; i++) rememberSearch({ symbol: String(303000 + i), name: `S${i}` });
    await reload();
    expect(recent()).toHaveLength(MAX_RECENT);
    expect(recent()[0]?.symbol).toBe('303014');
  });

  it('reads the list written before persist, under the same key, and rewrites it in persist form', async () => {
    localStorage.setItem(RECENT_KEY, JSON.stringify([{ symbol: '604000', name: 'A' }, { symbol: 1 }]));
    await reload();
    expect(recent()).toEqual([{ symbol: '604000', name: 'A' }]);
    expect(JSON.parse(localStorage.getItem(RECENT_KEY) ?? '')).toEqual({
      state: { recent: [{ symbol: '604000', name: 'A' }] },
      version: 1,
    });
  });

  it('survives garbage in storage and can be cleared', async () => {
    for (const garbage of [
      'not json',
      '42',
      '{"state":{"recent":"x"},"version":1}',
      '{"state":null,"version":1}',
    ]) {
      localStorage.setItem(RECENT_KEY, garbage);
      await reload();
      expect(recent()).toEqual([]);
    }
    rememberSearch({ symbol: '604000', name: 'A' });
    clearRecent();
    await reload();
    expect(recent()).toEqual([]);
  });
});
