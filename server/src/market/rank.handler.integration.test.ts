import { FeedDouble } from '@bourse/core/market/testing/feedDouble.ts';
import { marketRoutes, type RankEvent } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';

const row = {
  symbol: '604000',
  name: '浦发银行',
  price: '11.00',
  pct: '10.00',
  turnover: '1.00',
  turnoverRate: '0.01',
};

describe('GET /api/market/rank/:list', () => {
  const t = useTestServer('pglite');
  const rank = async (path: string) =>
    expectOk(await t.api.get(`/api/market/rank/${path}`), marketRoutes.rank.response);

  it('answers a live list as the feed last published it', async () => {
    const event: RankEvent = { list: 'limitUp', tradingDate: '2026-07-06', rows: [row], ts: 1, seq: 3 };
    await new FeedDouble(t.redis, t.redisPrefix).rank(event);
    await eventually(async () => expect(await rank('limitUp')).toEqual(event));
  });

  it('answers an empty list the feed has not published yet', async () => {
    expect(await rank('losers')).toMatchObject({ list: 'losers', rows: [], seq: 0 });
  });

  it('is a 404 for a list that does not exist, in the asked language', async () => {
    expectFailure(await t.api.get('/api/market/rank/moon', { lang: 'ko' }), 'market.unknownList', 'ko');
  });
});
