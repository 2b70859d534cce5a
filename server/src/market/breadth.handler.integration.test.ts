import { FeedDouble, feedQuote, indexQuote } from '@bourse/core/market/testing/feedDouble.ts';
import { marketRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { eventually } from './testing/eventually.ts';

describe('GET /api/market/breadth', () => {
  const t = useTestServer('pglite');
  const breadth = async () => expectOk(await t.api.get('/api/market/breadth'), marketRoutes.breadth.response);

  it('is all zeros before the feed has published a quote', async () => {
    expect(await breadth()).toEqual({ up: 0, flat: 0, down: 0, total: 0, limitUp: 0, limitDown: 0, ts: 0 });
  });

  it('counts the stocks up, flat and down, the untraded as flat, and follows a stock that moves', async () => {
    const feed = new FeedDouble(t.redis, t.redisPrefix);
    // Indices are not stocks: a moving index counts nowhere.
    await feed.indices([indexQuote('sh000001', { value: '3030.00', change: '30.00', pct: '1.00' })]);
    await feed.quotes([
      feedQuote('604000', { price: '10.15', change: '0.15', pct: '1.50', ts: 1_000 }),
      // Sealed at its limit up (11.00 on a 10.00 close) and at its limit down (9.00).
      feedQuote('604001', { price: '11.00', change: '1.00', pct: '10.00', ts: 2_000 }),
      feedQuote('604002', { price: '9.00', change: '-1.00', pct: '-10.00', ts: 1_500 }),
      feedQuote('604003', { price: '9.95', change: '-0.05', pct: '-0.50', ts: 1_000 }),
      feedQuote('604004', { ts: 1_000 }),
      // No trade yet: flat, whatever the call auction's price says.
      feedQuote('604005', { open: null, price: '10.20', change: '0.20', pct: '2.00', ts: 1_000 }),
    ]);
    await eventually(async () =>
      expect(await breadth()).toEqual({
        up: 2,
        flat: 2,
        down: 2,
        total: 6,
        limitUp: 1,
        limitDown: 1,
        ts: 2_000,
      }),
    );

    await feed.quotes([
      feedQuote('604000', { price: '9.90', change: '-0.10', pct: '-1.00', seq: 2, ts: 3_000 }),
    ]);
    await eventually(async () =>
      expect(await breadth()).toEqual({
        up: 1,
        flat: 2,
        down: 3,
        total: 6,
        limitUp: 1,
        limitDown: 1,
        ts: 3_000,
      }),
    );
  });
});
