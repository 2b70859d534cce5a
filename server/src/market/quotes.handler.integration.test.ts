import { FeedDouble, feedQuote } from '@bourse/core/market/testing/feedDouble.ts';
import { marketRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';

describe('GET /api/market/quotes', () => {
  const t = useTestServer('pglite');

  beforeAll(async () => {
    const feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.quotes([feedQuote('604000', { seq: 4, price: '10.40' }), feedQuote('303750')]);
    await eventually(async () =>
      expect((await t.api.get('/api/market/quotes?symbols=303750')).status).toBe(200),
    );
  });

  it('answers the snapshots in the order asked, without a login', async () => {
    const data = expectOk(
      await t.api.get('/api/market/quotes?symbols=303750,604000,303750'),
      marketRoutes.quotes.response,
    );
    expect(data.map((q) => [q.symbol, q.price, q.seq, q.board])).toEqual([
      ['303750', '10.00', 1, 'chinext'],
      ['604000', '10.40', 4, 'main'],
    ]);
    // The book travels on its own event, not in the row.
    expect(data[0]).not.toHaveProperty('bids');
  });

  it('is a 404 naming the codes it does not know', async () => {
    const res = await t.api.get('/api/market/quotes?symbols=604000,999999', { lang: 'en' });
    expectFailure(res, 'market.unknownSymbol', 'en', { symbol: '999999' });
  });

  it('refuses malformed codes and more than 300 of them', async () => {
    expectFailure(await t.api.get('/api/market/quotes?symbols=604000,6040'), 'market.badSymbol');
    expectFailure(await t.api.get('/api/market/quotes?symbols='), 'market.badSymbol');
    const many = Array.from({ length: 301 }, (_, i) => String(604000 + i)).join(',');
    expectFailure(await t.api.get(`/api/market/quotes?symbols=${many}`), 'market.tooManySymbols', 'zh-CN', {
      max: 300,
    });
  });
});
