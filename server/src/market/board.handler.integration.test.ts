import { FeedDouble, feedQuote } from '@bourse/core/market/testing/feedDouble.ts';
import { marketRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';

describe('GET /api/market/board', () => {
  const t = useTestServer('pglite');
  const board = async (query: string) =>
    expectOk(await t.api.get(`/api/market/board${query}`), marketRoutes.board.response);

  beforeAll(async () => {
    const feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.quotes([
      feedQuote('604000', { pct: '1.50', price: '10.15', turnover: '300.00', ts: 1_000 }),
      feedQuote('604001', { pct: '-2.00', price: '9.80', turnover: '900.00', ts: 3_000 }),
      feedQuote('303750', { pct: '12.00', price: '11.20', turnover: '100.00', ts: 2_000 }),
      feedQuote('004001', { pct: '1.50', price: '2.03', turnover: '50.00', ts: 1_500 }),
    ]);
    await eventually(async () => expect((await board('')).symbols).toHaveLength(4));
  });

  it('sorts the whole market by change, highest first, ties by code', async () => {
    expect(await board('')).toEqual({ symbols: ['303750', '004001', '604000', '604001'], ts: 3_000 });
  });

  it('keeps one board and sorts by any field either way', async () => {
    expect((await board('?board=main&sort=price&order=asc')).symbols).toEqual(['004001', '604001', '604000']);
    expect((await board('?sort=turnover')).symbols).toEqual(['604001', '604000', '303750', '004001']);
    expect((await board('?sort=symbol&order=desc')).symbols).toEqual([
      '604001',
      '604000',
      '303750',
      '004001',
    ]);
    expect((await board('?board=star')).symbols).toEqual([]);
  });

  it('refuses an unknown board', async () => {
    expect((await t.api.get('/api/market/board?board=moon')).status).toBe(400);
  });
});
