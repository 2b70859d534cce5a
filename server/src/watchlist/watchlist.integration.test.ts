import { FeedDouble, feedQuote } from '@bourse/core/market/testing/feedDouble.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { type ErrorKey, type ErrorParams, MAX_WATCHLIST, watchlistRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../market/testing/eventually.ts';
import { expectFailure, expectOk, expectRefused } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

/** What the market lists: more codes than a watchlist holds. */
const LISTED = Array.from({ length: MAX_WATCHLIST + 5 }, (_, i) => String(604000 + i));
const list = watchlistRoutes.list.response;

describe.each(DB_KINDS)('the watchlist on %s', (kind) => {
  const t = useTestServer(kind);

  beforeAll(async () => {
    await new FeedDouble(t.redis, t.redisPrefix).quotes(LISTED.map((symbol) => feedQuote(symbol)));
    await eventually(async () =>
      expect((await t.api.get(`/api/market/quotes?symbols=${LISTED.at(-1)}`)).status).toBe(200),
    );
  });

  const get = (token: string) => t.api.get('/api/user/watchlist', { token, lang: 'en' });
  const add = (token: string, symbol: unknown) =>
    t.api.post('/api/user/watchlist', { symbol }, { token, lang: 'en' });
  const remove = (token: string, symbol: string) =>
    t.api.request('DELETE', `/api/user/watchlist/${symbol}`, { token, lang: 'en' });
  const merge = (token: string, symbols: unknown) =>
    t.api.post('/api/user/watchlist/merge', { symbols }, { token, lang: 'en' });
  const symbolsOf = async (token: string) => expectOk(await get(token), list).symbols;
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params?: ErrorParams) =>
    expectRefused(t.database.db, send, key, params);

  it('adds newest first; adding again keeps one entry in its place; removing works, also when absent', async () => {
    const { token } = await t.api.signUp();
    expect(await symbolsOf(token)).toEqual([]);
    expect(expectOk(await add(token, '604000'), list).symbols).toEqual(['604000']);
    expect(expectOk(await add(token, '604001'), list).symbols).toEqual(['604001', '604000']);
    expect(expectOk(await add(token, '604000'), list).symbols).toEqual(['604001', '604000']);
    expect(await symbolsOf(token)).toEqual(['604001', '604000']);

    expect(expectOk(await remove(token, '604001'), list).symbols).toEqual(['604000']);
    expect(expectOk(await remove(token, '604001'), list).symbols).toEqual(['604000']);
    // A code the market does not list (delisted since it was added) can still come off.
    expect(expectOk(await remove(token, '999999'), list).symbols).toEqual(['604000']);
    expect(await symbolsOf(token)).toEqual(['604000']);
  });

  it("merges a guest's list above the user's own, in its order, skipping what is watched or not listed", async () => {
    const { token } = await t.api.signUp();
    await add(token, '604000');
    await add(token, '604001');
    const merged = expectOk(await merge(token, ['604003', '999999', '604000', '604002', '604003']), list);
    expect(merged.symbols).toEqual(['604003', '604002', '604001', '604000']);
    expect(await symbolsOf(token)).toEqual(merged.symbols);
    expect(expectOk(await merge(token, []), list).symbols).toEqual(merged.symbols);
  });

  it(`merges only up to ${MAX_WATCHLIST} stocks, keeping the user's own`, async () => {
    const { token } = await t.api.signUp();
    const own = LISTED.slice(0, MAX_WATCHLIST - 2);
    expectOk(await merge(token, own), list);
    const merged = expectOk(await merge(token, LISTED.slice(MAX_WATCHLIST - 4)), list).symbols;
    expect(merged).toHaveLength(MAX_WATCHLIST);
    expect(merged.slice(0, 2)).toEqual(LISTED.slice(MAX_WATCHLIST - 2, MAX_WATCHLIST));
    expect(merged.slice(2)).toEqual(own);
  });

  it('refuses a malformed code, one the market does not list and a full list, writing nothing', async () => {
    const { token } = await t.api.signUp();
    for (const symbol of ['60400', '6040001', 'abcdef', 604000, undefined]) {
      await refused(() => add(token, symbol), 'market.badSymbol');
    }
    await refused(() => add(token, '999999'), 'market.unknownSymbol', { symbol: '999999' });
    await refused(() => remove(token, 'abc'), 'market.badSymbol');
    await refused(() => merge(token, ['604000', '60400']), 'market.badSymbol');
    await refused(() => merge(token, LISTED.slice(0, MAX_WATCHLIST + 1)), 'common.validation');
    await refused(() => merge(token, '604000'), 'common.validation');

    expectOk(await merge(token, LISTED.slice(0, MAX_WATCHLIST)), list);
    await refused(() => add(token, LISTED[MAX_WATCHLIST]), 'watchlist.full', { max: MAX_WATCHLIST });
    expectFailure(
      await t.api.post('/api/user/watchlist', { symbol: LISTED[MAX_WATCHLIST] }, { token, lang: 'fr' }),
      'watchlist.full',
      'fr',
      { max: MAX_WATCHLIST },
    );
    // Already there: nothing to add, so a full list is no obstacle.
    expect(expectOk(await add(token, LISTED[5]), list).symbols).toHaveLength(MAX_WATCHLIST);
  });

  it('holds the cap when two additions race', async () => {
    const { token } = await t.api.signUp();
    expectOk(await merge(token, LISTED.slice(0, MAX_WATCHLIST - 1)), list);
    const answers = await Promise.all([
      add(token, LISTED[MAX_WATCHLIST]),
      add(token, LISTED[MAX_WATCHLIST + 1]),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await symbolsOf(token)).toHaveLength(MAX_WATCHLIST);
  });

  it('needs a session on every route', async () => {
    expectFailure(await t.api.get('/api/user/watchlist'), 'auth.loginFirst');
    expectFailure(await t.api.post('/api/user/watchlist', { symbol: '604000' }), 'auth.loginFirst');
    expectFailure(await t.api.post('/api/user/watchlist/merge', { symbols: ['604000'] }), 'auth.loginFirst');
    expectFailure(await t.api.request('DELETE', '/api/user/watchlist/604000'), 'auth.loginFirst');
  });

  it("keeps each user's list to that user", async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    await add(alice.token, '604000');
    expect(await symbolsOf(bob.token)).toEqual([]);
    expect(expectOk(await remove(bob.token, '604000'), list).symbols).toEqual([]);
    expect(expectOk(await merge(bob.token, ['604001']), list).symbols).toEqual(['604001']);
    expect(await symbolsOf(alice.token)).toEqual(['604000']);
  });
});
