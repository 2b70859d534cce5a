import { storeDayBars, storeMinuteSeries } from '@bourse/core/market/history/barStore.ts';
import { FeedDouble, feedQuote, indexQuote, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { EMBEDDED_AND_POSTGRES } from '@bourse/core/testing/testDatabase.ts';
import {
  type Bar,
  centsToDecimal,
  type DayBar,
  encodeSeries,
  exchangeCalendar,
  FEED_KEYS,
  feedShard,
  type MinuteBar,
  marketRoutes,
  shanghaiDayStart,
  slotStart,
} from '@bourse/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { expectFailure, expectOk } from '../../testing/expectations.ts';
import { useTestServer } from '../../testing/testServer.ts';

const SYMBOL = '604000';
const TODAY = '2026-07-08';
/** Stored days: 6 May (after the Labour Day holiday) to 7 July 2026. */
const DAYS: string[] = [];
for (let d = '2026-05-06'; d < TODAY; d = exchangeCalendar.nextTradingDay(d)) DAYS.push(d);

/** Day k closes at 10.00 + k cents, so a bar tells its day. */
function dayBar(tradingDate: string, k: number): DayBar {
  const close = 1000 + k;
  return {
    tradingDate,
    prevClose: close - 1,
    open: close - 1,
    high: close + 5,
    low: close - 5,
    close,
    volume: 1000 * (k + 1),
    turnover: 1000 * (k + 1) * close,
    turnoverRate: 10,
  };
}

/** Close of the last stored day, in cents: yesterday's close for today. */
const LAST = 1000 + DAYS.length - 1;
const price = (cents: number) => centsToDecimal(cents);

const flat = (price: number, volume = 100): MinuteBar => ({
  open: price,
  high: price,
  low: price,
  close: price,
  volume,
  turnover: price * volume,
});

describe.each(EMBEDDED_AND_POSTGRES)('GET /api/market/kline on %s', (kind) => {
  const t = useTestServer(kind);
  const kline = async (query: string) =>
    expectOk(await t.api.get(`/api/market/kline?symbol=${SYMBOL}&${query}`), marketRoutes.kline.response);

  beforeAll(async () => {
    await storeDayBars(
      t.database.db,
      DAYS.map((date, k) => ({ symbol: SYMBOL, bar: dayBar(date, k) })),
    );
    // The last two finished days have minutes: every slot at that day's close.
    for (const date of DAYS.slice(-2)) {
      const close = 1000 + DAYS.indexOf(date);
      const series = encodeSeries({
        prevClose: close - 1,
        bars: Array.from({ length: 240 }, () => flat(close)),
      });
      await storeMinuteSeries(t.database.db, date, new Map([[SYMBOL, series]]));
    }
    // Today so far: ten minutes in Redis, and the quote.
    const live = encodeSeries({
      prevClose: LAST,
      bars: Array.from({ length: 10 }, (_, i) => flat(1050 + i)),
    });
    await t.redis.set(
      `${t.redisPrefix}${FEED_KEYS.minutesKey(feedShard(SYMBOL), TODAY, SYMBOL)}`,
      Buffer.from(live),
    );
    const feed = new FeedDouble(t.redis, t.redisPrefix);
    await feed.status(marketStatus({ tradingDate: TODAY }));
    await feed.quotes([
      feedQuote(SYMBOL, {
        prevClose: price(LAST),
        open: '10.50',
        high: '10.70',
        low: '10.45',
        price: '10.59',
        volume: 12_000,
        turnover: '126000.00',
        turnoverRate: '0.02',
      }),
    ]);
    await vi.waitFor(async () => expect((await kline('period=day&limit=1')).bars[0]?.close).toBe('10.59'));
  });

  it('ends the day chart with today from the latest quote, newest last', async () => {
    const { bars, hasMore } = await kline('period=day&limit=3');
    expect(hasMore).toBe(true);
    expect(bars.map((b) => [b.time, b.close])).toEqual([
      [shanghaiDayStart(DAYS.at(-2)!), price(LAST - 1)],
      [shanghaiDayStart(DAYS.at(-1)!), price(LAST)],
      [shanghaiDayStart(TODAY), '10.59'],
    ]);
    expect(bars[2]).toMatchObject({
      open: '10.50',
      high: '10.70',
      low: '10.45',
      volume: 12_000,
      turnover: '126000.00',
    });
  });

  /** Every bar of a period, paging back with `before` from the newest. */
  async function pageAll(period: string, limit: number): Promise<Bar[]> {
    let page = await kline(`period=${period}&limit=${limit}`);
    const all = [...page.bars];
    while (page.hasMore) {
      page = await kline(`period=${period}&limit=${limit}&before=${all[0]!.time}`);
      all.unshift(...page.bars);
    }
    return all;
  }

  it('pages back through every day once, in order', async () => {
    const all = await pageAll('day', 7);
    expect(all.map((b) => b.time)).toEqual([...DAYS, TODAY].map(shanghaiDayStart));
  });

  it('derives whole weeks and months however it pages', async () => {
    const totalVolume = DAYS.reduce((sum, _, k) => sum + 1000 * (k + 1), 0) + 12_000;
    for (const [period, limit] of [
      ['week', 2],
      ['week', 5],
      ['month', 1],
    ] as const) {
      const all = await pageAll(period, limit);
      expect(all.reduce((sum, b) => sum + b.volume, 0)).toBe(totalVolume);
      const times = all.map((b) => b.time);
      expect([...new Set(times)]).toEqual(times);
    }
    // This week: Monday 6 July, Tuesday, and today so far.
    const [week] = (await kline('period=week&limit=1')).bars;
    // Monday's open is the close before it.
    expect(week).toMatchObject({
      time: shanghaiDayStart('2026-07-06'),
      open: price(LAST - 2),
      close: '10.59',
    });
    expect((await pageAll('month', 1)).map((b) => b.time)).toEqual(
      ['2026-05-06', '2026-06-01', '2026-07-01'].map(shanghaiDayStart),
    );
  });

  it('serves minutes: today from Redis after the stored days', async () => {
    const { bars, hasMore } = await kline('period=1m&limit=250');
    expect(hasMore).toBe(true);
    expect(bars).toHaveLength(250);
    expect(bars.at(-1)).toMatchObject({ time: slotStart(TODAY, 9), close: '10.59' });
    expect(bars.at(-11)).toMatchObject({ time: slotStart(DAYS.at(-1)!, 239), close: price(LAST) });
    const older = await kline(`period=1m&limit=300&before=${slotStart(DAYS.at(-1)!, 0)}`);
    expect(older.bars).toHaveLength(240);
    expect(older.bars[0]?.time).toBe(slotStart(DAYS.at(-2)!, 0));
    expect(older.hasMore).toBe(false);
  });

  it('merges minutes into longer bars, the newest still forming', async () => {
    const { bars } = await kline('period=5m&limit=2');
    // Today's slots 5–9 at 10.55 … 10.59, 100 shares each.
    expect(bars[1]).toMatchObject({
      time: slotStart(TODAY, 5),
      open: '10.55',
      high: '10.59',
      low: '10.55',
      volume: 500,
    });
    expect((await kline('period=60m&limit=10')).bars.map((b) => b.time).slice(-5)).toEqual([
      slotStart(DAYS.at(-1)!, 0),
      slotStart(DAYS.at(-1)!, 60),
      slotStart(DAYS.at(-1)!, 120),
      slotStart(DAYS.at(-1)!, 180),
      slotStart(TODAY, 0),
    ]);
  });

  it('charts an index: its stored day bars, today from its quote, minutes from Redis', async () => {
    const INDEX = 'sh000001';
    const indexKline = async (query: string) =>
      expectOk(await t.api.get(`/api/market/kline?symbol=${INDEX}&${query}`), marketRoutes.kline.response);
    // Yesterday and the day before closed at 3,000.00 and 3,001.00; turnover is CNY, not points × shares.
    await storeDayBars(
      t.database.db,
      DAYS.slice(-2).map((date, k) => ({
        symbol: INDEX,
        bar: {
          tradingDate: date,
          prevClose: 299_900 + 100 * k,
          open: 299_950 + 100 * k,
          high: 300_200 + 100 * k,
          low: 299_800 + 100 * k,
          close: 300_000 + 100 * k,
          volume: 500_000_000,
          turnover: 600_000_000_000,
          turnoverRate: 0,
        },
      })),
    );
    await t.redis.set(
      `${t.redisPrefix}${FEED_KEYS.minutesKey(feedShard(INDEX), TODAY, INDEX)}`,
      Buffer.from(
        encodeSeries({
          prevClose: 300_100,
          bars: [
            {
              open: 300_200,
              high: 300_400,
              low: 300_150,
              close: 300_300,
              volume: 2_000_000,
              turnover: 3_000_000_000,
            },
            {
              open: 300_300,
              high: 300_900,
              low: 300_300,
              close: 300_800,
              volume: 1_000_000,
              turnover: 1_500_000_000,
            },
          ],
        }),
      ),
    );
    await new FeedDouble(t.redis, t.redisPrefix).indices([
      indexQuote(INDEX, {
        prevClose: '3001.00',
        open: '3002.00',
        high: '3010.00',
        low: '2999.00',
        value: '3008.00',
        volume: 3_000_000,
        turnover: '45000000.00',
      }),
    ]);
    await vi.waitFor(async () =>
      expect((await indexKline('period=day&limit=1')).bars[0]?.close).toBe('3008.00'),
    );
    const days = await indexKline('period=day&limit=5');
    expect(days.hasMore).toBe(false);
    expect(days.bars.map((b) => [b.time, b.close])).toEqual([
      [shanghaiDayStart(DAYS.at(-2)!), '3000.00'],
      [shanghaiDayStart(DAYS.at(-1)!), '3001.00'],
      [shanghaiDayStart(TODAY), '3008.00'],
    ]);
    expect(days.bars[2]).toMatchObject({
      open: '3002.00',
      high: '3010.00',
      low: '2999.00',
      volume: 3_000_000,
    });
    expect(days.bars[1]).toMatchObject({ volume: 500_000_000, turnover: '6000000000.00' });
    const minutes = await indexKline('period=1m&limit=5');
    expect(minutes.bars.map((b) => [b.time, b.close, b.turnover])).toEqual([
      [slotStart(TODAY, 0), '3003.00', '30000000.00'],
      [slotStart(TODAY, 1), '3008.00', '15000000.00'],
    ]);
  });

  it('is a 404 for a code nobody trades and a 400 for a period that does not exist', async () => {
    expectFailure(
      await t.api.get('/api/market/kline?symbol=999999&period=day'),
      'market.unknownSymbol',
      'zh-CN',
      {
        symbol: '999999',
      },
    );
    expectFailure(await t.api.get(`/api/market/kline?symbol=${SYMBOL}&period=2m`), 'market.badPeriod');
  });
});
