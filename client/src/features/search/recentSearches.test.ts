import { beforeEach, describe, expect, it } from 'vitest';
import { clearRecent, MAX_RECENT, RECENT_KEY, readRecent, rememberSearch } from './recentSearches.ts';

beforeEach(() => localStorage.clear());

describe('recent searches', () => {
  it('keeps the newest first, each stock once, at most ten', () => {
    rememberSearch({ symbol: '604000', name: 'A' });
    rememberSearch({ symbol: '004001', name: 'B' });
    rememberSearch({ symbol: '604000', name: 'A' });
    expect(readRecent().map((r) => r.symbol)).toEqual(['604000', '004001']);
    for (let i = 0; i < 15; i++) rememberSearch({ symbol: String(303000 + i), name: `S${i}` });
    expect(readRecent()).toHaveLength(MAX_RECENT);
    expect(readRecent()[0]?.symbol).toBe('303014');
  });

  it('survives garbage in storage and can be cleared', () => {
    localStorage.setItem(RECENT_KEY, 'not json');
    expect(readRecent()).toEqual([]);
    localStorage.setItem(RECENT_KEY, JSON.stringify([{ symbol: '604000', name: 'A' }, { symbol: 1 }]));
    expect(readRecent()).toEqual([{ symbol: '604000', name: 'A' }]);
    clearRecent();
    expect(readRecent()).toEqual([]);
  });
});
