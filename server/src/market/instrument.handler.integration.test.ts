import { FeedDouble, instrument, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { marketRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';

describe('GET /api/market/instrument', () => {
  const t = useTestServer('pglite');
  const get = (symbol: string) => t.api.get(`/api/market/instrument?symbol=${symbol}`);

  beforeAll(async () => {
    const feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.instruments([
      { ...instrument('604000', '浦发银行', 'PFYH'), totalShares: 29_352_000_000, eps: '1.2105' },
      instrument('604036', '招商银行', 'ZSYH'),
    ]);
    await feed.status(marketStatus());
    await eventually(async () => expect((await get('604000')).status).toBe(200));
  });

  it('answers the stock with the fundamentals the feed gives, and without them where it gives none', async () => {
    const found = expectOk(await get('604000'), marketRoutes.instrument.response);
    expect(found).toMatchObject({
      symbol: '604000',
      name: '浦发银行',
      totalShares: 29_352_000_000,
      eps: '1.2105',
    });
    const bare = expectOk(await get('604036'), marketRoutes.instrument.response);
    expect(bare.totalShares).toBeUndefined();
    expect(bare.eps).toBeUndefined();
  });

  it('says which code it does not know, and refuses one that is not six digits', async () => {
    expectFailure(await get('604999'), 'market.unknownSymbol', 'zh-CN', { symbol: '604999' });
    expect((await get('60400')).status).toBe(400);
  });
});
