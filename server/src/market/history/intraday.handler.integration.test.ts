import { storeMinuteSeries } from '@bourse/core/market/history/barStore.ts';
import { bar } from '@bourse/core/market/history/testing/bars.ts';
import { FeedDouble, feedQuote, indexQuote, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { encodeSeries, FEED_KEYS, feedShard, marketRoutes, slotStart } from '@bourse/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { expectFailure, expectOk } from '../../testing/expectations.ts';
import { useTestServer } from '../../testing/testServer.ts';

const TODAY = '2026-07-08';
const YESTERDAY = '2026-07-07';

describe.each(DB_KINDS)('GET /api/market/intraday on %s', (kind) => {
  const t = useTestServer(kind);
  const feed = () => new FeedDouble(t.redis, t.redisPrefix);
  const intraday = async (symbol: string) =>
    expectOk(await t.api.get(`/api/market/intraday?symbol=${symbol}`), marketRoutes.intraday.response);

  beforeAll(async () => {
    // 604000 today: 09:30 traded, 09:31 did not, 09:32 traded; the quote is in 09:33.
    const live = encodeSeries({
      prevClose: 1000,
      bars: [
        bar(1000, 1002, 999, 1001, 1000, 1_000_500), // 1,000 shares for 10,005.00
        bar(1001, 1001, 1001, 1001, 0, 0),
        bar(1003, 1005, 1003, 1004, 2000, 2_008_000), // 2,000 shares for 20,080.00
      ],
    });
    await t.redis.set(
      `${t.redisPrefix}${FEED_KEYS.minutesKey(feedShard('604000'), TODAY, '604000')}`,
      Buffer.from(live),
    );
    // 004001 has not traded today; yesterday's minutes are stored.
    const yesterday = encodeSeries({
      prevClose: 2000,
      bars: Array.from({ length: 240 }, () => bar(2010, 2010, 2010, 2010, 100, 201_000)),
    });
    await storeMinuteSeries(t.database.db, YESTERDAY, new Map([['004001', yesterday]]));
    await feed().status(marketStatus({ tradingDate: TODAY }));
    await feed().quotes([
      // 500 more shares at 10.06 in 09:33: 3,500 shares for 35,115.00 so far
      feedQuote('604000', {
        prevClose: '10.00',
        price: '10.06',
        volume: 3500,
        turnover: '35115.00',
        time: Date.parse(`${TODAY}T09:33:30+08:00`),
      }),
      feedQuote('004001', { prevClose: '20.10', price: '20.10', open: null, high: null, low: null }),
    ]);
    await vi.waitFor(async () => expect((await intraday('604000')).points).toHaveLength(4));
  });

  it('draws each complete minute with the day’s average price so far, and the minute in progress', async () => {
    expect(await intraday('604000')).toEqual({
      tradingDate: TODAY,
      prevClose: '10.00',
      points: [
        // 10,005.00 / 1,000 = 10.005, half up
        { time: slotStart(TODAY, 0), price: '10.01', average: '10.01', volume: 1000 },
        { time: slotStart(TODAY, 1), price: '10.01', average: '10.01', volume: 0 },
        // 30,085.00 / 3,000 = 10.028…
        { time: slotStart(TODAY, 2), price: '10.04', average: '10.03', volume: 2000 },
        // from the quote: 35,115.00 / 3,500 = 10.032…, and 3,500 − 3,000 shares this minute
        { time: slotStart(TODAY, 3), price: '10.06', average: '10.03', volume: 500 },
      ],
    });
  });

  it('shows the last stored day before today’s first trade', async () => {
    const day = await intraday('004001');
    expect([day.tradingDate, day.prevClose, day.points.length]).toEqual([YESTERDAY, '20.00', 240]);
    expect(day.points[239]).toEqual({
      time: slotStart(YESTERDAY, 239),
      price: '20.10',
      average: '20.10',
      volume: 100,
    });
  });

  it('draws an index’s points, its average weighted by volume (its turnover is its constituents’ CNY)', async () => {
    // 1,000,000 shares at 3,002.00, then 3,000,000 at 3,006.00; 15.00 CNY a share whatever the points.
    const series = encodeSeries({
      prevClose: 300_000,
      bars: [
        bar(300_000, 300_500, 299_800, 300_200, 1_000_000, 1_500_000_000),
        bar(300_200, 300_600, 300_100, 300_600, 3_000_000, 4_500_000_000),
      ],
    });
    await t.redis.set(
      `${t.redisPrefix}${FEED_KEYS.minutesKey(feedShard('sh000001'), TODAY, 'sh000001')}`,
      Buffer.from(series),
    );
    // 500,000 more shares in 09:32, now at 3,007.00.
    await feed().indices([
      indexQuote('sh000001', {
        value: '3007.00',
        volume: 4_500_000,
        turnover: '67500000.00',
        time: Date.parse(`${TODAY}T09:32:30+08:00`),
      }),
    ]);
    await vi.waitFor(async () => expect((await intraday('sh000001')).points).toHaveLength(3));
    expect(await intraday('sh000001')).toEqual({
      tradingDate: TODAY,
      prevClose: '3000.00',
      points: [
        { time: slotStart(TODAY, 0), price: '3002.00', average: '3002.00', volume: 1_000_000 },
        // (3,002.00 × 1,000,000 + 3,006.00 × 3,000,000) / 4,000,000
        { time: slotStart(TODAY, 1), price: '3006.00', average: '3005.00', volume: 3_000_000 },
        // (12,020,000,000.00 + 3,007.00 × 500,000) / 4,500,000 = 3,005.222…
        { time: slotStart(TODAY, 2), price: '3007.00', average: '3005.22', volume: 500_000 },
      ],
    });
  });

  it('is a 404 for a code nobody trades', async () => {
    expectFailure(await t.api.get('/api/market/intraday?symbol=999999'), 'market.unknownSymbol', 'zh-CN', {
      symbol: '999999',
    });
    expectFailure(await t.api.get('/api/market/intraday?symbol=sh000999'), 'market.unknownSymbol', 'zh-CN', {
      symbol: 'sh000999',
    });
    expectFailure(await t.api.get('/api/market/intraday?symbol=hk000001'), 'market.badChartSymbol');
  });
});
