import { randomUUID } from 'node:crypto';
import { accrueThrough } from '@bourse/core/fund/accrual.ts';
import { expectFundBalanced } from '@bourse/core/fund/testing.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble } from '@bourse/core/trading/testing/marketDouble.ts';
import { cashFundRoutes, Dec, type ErrorKey, type ErrorParams, tradingRoutes } from '@bourse/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectOk, expectRefused } from '../testing/expectations.ts';
import { rowCounts } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

const operation = cashFundRoutes.subscribe.response;

describe.each(DB_KINDS)('the cash fund on %s', (kind) => {
  const t = useTestServer(kind);
  let token: string;

  beforeEach(async () => {
    ({ token } = await t.api.signUp());
  });

  const post = (
    path: 'subscribe' | 'redeem',
    body: unknown,
    options: { key?: string | null; lang?: string } = {},
  ) => {
    const key = options.key === undefined ? randomUUID() : options.key;
    return t.api.post(`/api/fund/cash/${path}`, body, {
      token,
      lang: options.lang,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  };
  const get = async <S extends z.ZodType>(path: string, response: S): Promise<z.output<S>> =>
    expectOk(await t.api.get(`/api/fund/cash${path}`, { token }), response);
  const cash = async () =>
    expectOk(await t.api.get('/api/trade/account', { token }), tradingRoutes.account.response);

  it('moves cash into units and back at NAV 1.0000, one ledger entry each', async () => {
    const bought = expectOk(await post('subscribe', { amount: '12345.67' }), operation);
    expect(bought).toMatchObject({ kind: 'subscribe', units: '12345.67', unitsAfter: '12345.67' });
    expect(await cash()).toMatchObject({ available: '987654.33', frozen: '0.00' });
    const sold = expectOk(await post('redeem', { units: '345.6' }), operation);
    expect(sold).toMatchObject({ kind: 'redeem', units: '-345.60', unitsAfter: '12000.07' });
    expect((await cash()).available).toBe('987999.93');

    const overview = await get('', cashFundRoutes.overview.response);
    expect(overview).toMatchObject({
      nav: '1.0000',
      units: '12000.07',
      latestYield: '0.00',
      totalYield: '0.00',
      latestDay: null,
      recentDays: [],
      withdrawable: '987999.93',
    });
    const history = await get('/history', cashFundRoutes.history.response);
    expect(history.items.map((i) => [i.kind, i.units])).toEqual([
      ['redeem', '-345.60'],
      ['subscribe', '12345.67'],
    ]);
    expect(history.total).toBe(2);
    expect((await get('/yields', cashFundRoutes.yields.response)).items).toEqual([]);
    await expectFundBalanced(t.database.db);
  });

  it('lists the yields the accrual paid, with the fund’s rates, and the units they added', async () => {
    // The market's Thursday: bought now, the units are confirmed and earn from Friday:
    // 20,000.00 × 0.4500 / 10,000 = 0.90.
    await new MarketDouble(t.redis, t.redisPrefix).status({ tradingDate: '2026-03-05', phase: 'continuous' });
    const bought = expectOk(await post('subscribe', { amount: '20000' }), operation);
    const tomorrow = '2026-03-06';
    expect(bought).toMatchObject({
      date: '2026-03-05',
      earnsFrom: tomorrow,
      deferred: '0.00',
      payableOn: null,
    });
    await accrueThrough(
      { db: t.database.db, yieldPer10k: () => new Dec('0.4500'), chunkSize: 100 },
      tomorrow,
    );
    const yields = await get('/yields', cashFundRoutes.yields.response);
    expect(yields.items).toEqual([
      {
        date: tomorrow,
        basis: '20000.00',
        yieldPer10k: '0.4500',
        annualised7d: expect.any(String),
        paid: '0.90',
        unitsAfter: '20000.90',
      },
    ]);
    const overview = await get('', cashFundRoutes.overview.response);
    expect(overview).toMatchObject({ units: '20000.90', latestYield: '0.90', totalYield: '0.90' });
    const history = await get('/history', cashFundRoutes.history.response);
    expect(history.items.map((i) => [i.kind, i.units, i.unitsAfter])).toEqual([
      ['yield', '0.90', '20000.90'],
      ['subscribe', '20000.00', '20000.00'],
    ]);
    await expectFundBalanced(t.database.db);
  });

  it('answers the first operation for the same key and body, and refuses another body', async () => {
    const key = randomUUID();
    const first = expectOk(await post('subscribe', { amount: '100' }, { key }), operation);
    const before = await rowCounts(t.database.db);
    const again = await post('subscribe', { amount: '100.00' }, { key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(expectOk(again, operation).id).toBe(first.id);
    expect(await rowCounts(t.database.db)).toEqual(before);
    await expectRefused(
      t.database.db,
      () => post('redeem', { units: '100' }, { key, lang: 'en' }),
      'common.idempotencyConflict',
    );
    await expectRefused(
      t.database.db,
      () => post('subscribe', { amount: '1' }, { key: 'short', lang: 'en' }),
      'common.idempotencyKeyInvalid',
    );
  });

  describe('refuses, writing nothing,', () => {
    const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params?: ErrorParams) =>
      expectRefused(t.database.db, send, key, params);

    it.each([
      ['an empty amount', { amount: '' }, 'fund.amountNotPositive', { field: 'amount' }],
      ['no amount', {}, 'fund.amountNotPositive', { field: 'amount' }],
      ['a zero amount', { amount: '0' }, 'fund.amountNotPositive', { field: 'amount' }],
      ['a negative amount', { amount: '-1.00' }, 'fund.amountNotPositive', { field: 'amount' }],
      ['an amount in fractions of a cent', { amount: '0.001' }, 'validation.amount', { field: 'amount' }],
      ['an amount that is not a number', { amount: '1e5' }, 'validation.amount', { field: 'amount' }],
      ['an amount sent as a JSON number', { amount: 1 }, 'validation.moneyString', { field: 'amount' }],
      ['an amount padded with spaces', { amount: ' 1' }, 'validation.moneyString', { field: 'amount' }],
      [
        'more than the withdrawable cash',
        { amount: '1000000.01' },
        'fund.exceedsWithdrawable',
        { withdrawable: '1000000.00' },
      ],
    ] as const)('a subscription of %s', async (_, body, key, params) => {
      await refused(() => post('subscribe', body, { lang: 'en' }), key, params);
    });

    it.each([
      ['no units', {}, 'fund.unitsNotPositive', { field: 'units' }],
      ['zero units', { units: '0.00' }, 'fund.unitsNotPositive', { field: 'units' }],
      ['units sent as a JSON number', { units: 1 }, 'validation.moneyString', { field: 'units' }],
      ['more units than held', { units: '50.01' }, 'fund.exceedsHolding', { units: '50.00' }],
    ] as const)('a redemption of %s', async (_, body, key, params) => {
      expectOk(await post('subscribe', { amount: '50' }), operation);
      await refused(() => post('redeem', body, { lang: 'en' }), key, params);
    });

    it('a redemption by someone who never subscribed', async () => {
      await refused(() => post('redeem', { units: '1' }, { lang: 'en' }), 'fund.exceedsHolding', {
        units: '0.00',
      });
    });
  });
});
