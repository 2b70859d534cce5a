import { storeDragonTigerDay } from '@bourse/core/market/history/dragonTigerStore.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { type DragonTigerEntry, marketRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../../testing/expectations.ts';
import { useTestServer } from '../../testing/testServer.ts';

const seats = (amounts: string[]) =>
  amounts.map((amount, i) => ({ seat: `华泰证券上海武定路营业部${i}`, amount }));

function entry(symbol: string, reason: DragonTigerEntry['reason'], value: string): DragonTigerEntry {
  return {
    symbol,
    name: `N${symbol}`,
    reason,
    value,
    close: '11.00',
    pct: '10.00',
    turnover: '123456789.00',
    buys: seats(['500.00', '400.00', '300.00', '200.00', '100.50']),
    sells: seats(['90.00', '80.00', '70.00', '60.00', '50.00']),
    // 1,500.50 bought − 350.00 sold
    net: '1150.50',
  };
}

describe.each(DB_KINDS)('the dragon-tiger list per trading day on %s', (kind) => {
  const t = useTestServer(kind);
  const list = async (query = '') =>
    expectOk(await t.api.get(`/api/market/rank/dragonTiger${query}`), marketRoutes.rank.response);

  it('is a 404 until a list is built', async () => {
    expectFailure(await t.api.get('/api/market/rank/dragonTiger'), 'market.noDragonTigerList');
  });

  it('answers the latest list, or the one of the asked day, with its seats and net', async () => {
    const older = { tradingDate: '2026-07-07', entries: [entry('604001', 'deviationUp', '9.00')] };
    // One stock on two tests shares its seats.
    const newer = {
      tradingDate: '2026-07-08',
      entries: [
        entry('303001', 'changeUp', '20.00'),
        entry('604002', 'deviationDown', '-8.50'),
        entry('303001', 'turnoverRate', '31.20'),
      ],
    };
    expect(await storeDragonTigerDay(t.database.db, older)).toBe(true);
    expect(await storeDragonTigerDay(t.database.db, newer)).toBe(true);
    expect(await storeDragonTigerDay(t.database.db, newer)).toBe(false);
    const byReason = ['deviationDown', 'changeUp', 'turnoverRate'];
    expect(await list()).toEqual({
      ...newer,
      entries: [...newer.entries].sort((a, b) => byReason.indexOf(a.reason) - byReason.indexOf(b.reason)),
    });
    expect(await list('?date=2026-07-07')).toEqual(older);
  });

  it('is a 404 for a day without a list and a 400 for a malformed date', async () => {
    expectFailure(
      await t.api.get('/api/market/rank/dragonTiger?date=2026-07-09', { lang: 'en' }),
      'market.noDragonTigerList',
      'en',
    );
    expectFailure(await t.api.get('/api/market/rank/dragonTiger?date=8 July'), 'common.validation');
  });

  it('lists the days that have a list, newest first', async () => {
    const dates = async (query = '') =>
      expectOk(
        await t.api.get(`/api/market/dragonTiger/dates${query}`),
        marketRoutes.dragonTigerDates.response,
      );
    expect(await dates()).toEqual({ dates: ['2026-07-08', '2026-07-07'] });
    expect(await dates('?limit=1')).toEqual({ dates: ['2026-07-08'] });
  });

  it('leaves the live lists to the feed', async () => {
    expectOk(await t.api.get('/api/market/rank/limitUp'), marketRoutes.rank.response);
  });
});
