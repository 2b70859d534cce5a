import { FeedDouble, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { marketRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';

describe('GET /api/market/status', () => {
  const t = useTestServer('pglite');

  it('is a 503 until the feed has said anything', async () => {
    expectFailure(await t.api.get('/api/market/status'), 'common.unavailable');
  });

  it('answers the latest status the feed published', async () => {
    const status = marketStatus({ phase: 'openingCall', tradingDate: '2026-07-07' });
    await new FeedDouble(t.redis, t.redisPrefix).status(status);
    await eventually(async () => {
      expect(expectOk(await t.api.get('/api/market/status'), marketRoutes.status.response)).toEqual(status);
    });
  });
});
