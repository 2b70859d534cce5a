import { FeedDouble, instrument, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { marketRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';

describe('GET /api/market/search', () => {
  const t = useTestServer('pglite');
  const search = async (q: string) =>
    expectOk(
      await t.api.get(`/api/market/search?q=${encodeURIComponent(q)}`),
      marketRoutes.search.response,
    ).map((i) => i.symbol);

  beforeAll(async () => {
    const feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.instruments([
      instrument('604000', '浦发银行', 'PFYH'),
      instrument('604036', '招商银行', 'ZSYH'),
      instrument('004001', '平安银行', 'PAYH'),
    ]);
    // The listing is read when the feed's status first arrives (and on each new trading day).
    await feed.status(marketStatus());
    await eventually(async () => expect(await search('6')).toHaveLength(2));
  });

  it('finds by code, pinyin initials and name, in that order', async () => {
    expect(await search('604000')).toEqual(['604000']);
    expect(await search('zs')).toEqual(['604036']);
    expect(await search('银行')).toEqual(['004001', '604000', '604036']);
  });

  it('takes the newer listing of a new trading day', async () => {
    const feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.instruments([instrument('606398', '工商银行', 'GSYH')]);
    await feed.status(marketStatus({ tradingDate: '2026-07-07' }));
    await eventually(async () => expect(await search('gs')).toEqual(['606398']));
  });

  it('refuses an empty query', async () => {
    expect((await t.api.get('/api/market/search?q=%20')).status).toBe(400);
  });
});
