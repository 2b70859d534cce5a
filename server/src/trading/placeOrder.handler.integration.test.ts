import { randomUUID } from 'node:crypto';
import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { EMBEDDED_AND_POSTGRES } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { tradingRoutes } from '@bourse/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { rowCounts, withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

const order = tradingRoutes.placeOrder.response;

describe.each(EMBEDDED_AND_POSTGRES)('POST /api/trade/orders on %s', (kind) => {
  const t = useTestServer(kind);
  let market: MarketDouble;
  let trader: Trader;

  beforeAll(async () => {
    market = new MarketDouble(t.redis, t.redisPrefix);
    await market.quotes(
      quote('604000'),
      quote('687001', { board: 'star' }),
      quote('004001', { limitUp: null, limitDown: null }),
    );
  });
  beforeEach(async () => {
    await market.status();
    trader = await Trader.signUp(t.api);
  });

  it('buys at market against the asks from the touch and keeps the ledger balanced', async () => {
    const filled = expectOk(await trader.buy('604000', 100), order);
    // 100 × 10.01 = 1001.00; commission max(0.25, 5) = 5.00; transfer fee 0.01001 → 0.01
    expect(filled).toMatchObject({
      status: 'filled',
      filledQuantity: 100,
      filledAmount: '1001.00',
      averagePrice: '10.010',
      fees: '5.01',
      frozenCash: '0.00',
    });
    const account = expectOk(await trader.get('account'), tradingRoutes.account.response);
    expect(account).toMatchObject({ available: '998993.99', frozen: '0.00', cash: '998993.99' });
    expect(await auditLedger(t.database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });

  it('walks several levels and rests the rest of a limit order, its cash frozen', async () => {
    await market.quotes(
      quote('604001', {
        asks: [
          { price: '10.01', volume: 100 },
          { price: '10.02', volume: 200 },
          { price: '10.05', volume: 500 },
        ],
      }),
    );
    const placed = expectOk(await trader.buy('604001', 1000, '10.02'), order);
    // fills 100 @ 10.01 + 200 @ 10.02 = 3005.00; the rest 700 waits at 10.02
    expect(placed).toMatchObject({
      status: 'partially_filled',
      filledQuantity: 300,
      filledAmount: '3005.00',
    });
    // fees so far: commission 5.00, transfer 0.03; whole order at most 10024.00 → reserve for 700:
    // 7014.00 + fees(10019.00) − fees(3005.00) = 7014.00 + (5.00 + 0.10) − (5.00 + 0.03) = 7014.07
    expect(placed.frozenCash).toBe('7014.07');
    const account = expectOk(await trader.get('account'), tradingRoutes.account.response);
    expect(account.frozen).toBe('7014.07');
  });

  it('rests a limit order below the ask without a fill', async () => {
    const placed = expectOk(await trader.buy('604000', 100, '9.50'), order);
    // 950.00 + commission 5.00 + transfer 0.0095 → 0.01
    expect(placed).toMatchObject({ status: 'pending', filledQuantity: 0, frozenCash: '955.01' });
  });

  it('waits for the auction in a call auction even when marketable', async () => {
    await market.status({ phase: 'openingCall' });
    const placed = expectOk(await trader.buy('604000', 100, '10.50'), order);
    expect(placed).toMatchObject({ status: 'pending', filledQuantity: 0 });
  });

  it('cancels a market order that finds nothing to fill', async () => {
    await market.quotes(quote('604002', { asks: [] }));
    const placed = expectOk(await trader.buy('604002', 100), order);
    expect(placed).toMatchObject({
      status: 'cancelled',
      cancelReason: 'marketRemainder',
      frozenCash: '0.00',
    });
    const account = expectOk(await trader.get('account'), tradingRoutes.account.response);
    expect(account.available).toBe('1000000.00');
  });

  describe('Idempotency-Key', () => {
    it('answers the same order for the same key and body, and moves nothing twice', async () => {
      const key = randomUUID();
      const body = { symbol: '604000', side: 'buy', type: 'limit', price: '9.80', quantity: 200 };
      const first = expectOk(await trader.order(body, { key }), order);
      const before = await rowCounts(t.database.db);
      const again = await trader.order(body, { key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(expectOk(again, order).id).toBe(first.id);
      expect(await rowCounts(t.database.db)).toEqual(before);
    });

    it('answers the first order even when the market has closed since', async () => {
      const key = randomUUID();
      const body = { symbol: '604000', side: 'buy', type: 'limit', price: '9.80', quantity: 100 };
      const first = expectOk(await trader.order(body, { key }), order);
      await market.status({ phase: 'closed' });
      const again = await withoutWrites(t.database.db, () => trader.order(body, { key }));
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(expectOk(again, order).id).toBe(first.id);
      expectFailure(await trader.order(body), 'order.marketClosed');
    });

    it('refuses the same key with another body', async () => {
      const key = randomUUID();
      expectOk(
        await trader.order(
          { symbol: '604000', side: 'buy', type: 'limit', price: '9.80', quantity: 100 },
          { key },
        ),
        order,
      );
      const other = { symbol: '604000', side: 'buy', type: 'limit', price: '9.80', quantity: 200 };
      expectFailure(
        await withoutWrites(t.database.db, () => trader.order(other, { key, lang: 'en' })),
        'common.idempotencyConflict',
        'en',
      );
    });

    it.each([
      ['missing', null],
      ['too short', 'abc'],
      ['with spaces', 'not a valid key!'],
    ])('refuses a %s key', async (_, key) => {
      const body = { symbol: '604000', side: 'buy', type: 'market', quantity: 100 };
      expectFailure(
        await withoutWrites(t.database.db, () => trader.order(body, { key })),
        'common.idempotencyKeyInvalid',
      );
    });
  });

  describe('refuses, writing nothing,', () => {
    const refused = (
      body: object,
      key: Parameters<typeof expectFailure>[1],
      params?: Record<string, string | number>,
      lang = 'en',
    ) =>
      withoutWrites(t.database.db, () => trader.order(body, { lang })).then((res) =>
        expectFailure(res, key, 'en', params),
      );
    const limit = (overrides: object) => ({
      symbol: '604000',
      side: 'buy',
      type: 'limit',
      price: '10.00',
      quantity: 100,
      ...overrides,
    });

    it('a malformed symbol', () => refused(limit({ symbol: '60000A' }), 'market.badSymbol'));
    it('a symbol the feed does not have', () =>
      refused(limit({ symbol: '604999' }), 'market.unknownSymbol', { symbol: '604999' }));
    it('a code that is not a tradable A-share', () =>
      refused(limit({ symbol: '999999' }), 'order.symbolNotTradable', { symbol: '999999' }));
    it('a side that is not buy or sell', () => refused(limit({ side: 'short' }), 'order.sideInvalid'));
    it('a type that is not limit or market', () => refused(limit({ type: 'stop' }), 'order.typeInvalid'));
    it('a limit order without a price', () => refused(limit({ price: undefined }), 'order.priceRequired'));
    it.each(['0', '0.00', '-10.00', '1e1', '1E+1', 'NaN', 'Infinity', '1e30', ' 10.00', '10.', ''])(
      'the price %j',
      (price) => refused(limit({ price }), 'order.priceInvalid'),
    );
    it('a price as a number', () => refused(limit({ price: 10 }), 'order.priceInvalid'));
    it('a price off the tick', () =>
      refused(limit({ price: '10.005' }), 'order.priceOffTick', { tick: '0.01' }));
    it('a price above limit-up', () =>
      refused(limit({ price: '11.01' }), 'order.priceAboveLimit', { up: '11.00' }));
    it('a price below limit-down', () =>
      refused(limit({ price: '8.99' }), 'order.priceBelowLimit', { down: '9.00' }));
    it.each([0, -100, 100.5, 1e30, '100', null])('the quantity %j', (quantity) =>
      refused(limit({ quantity }), 'order.quantityInvalid'),
    );
    it('a buy that is not whole lots', () =>
      refused(limit({ quantity: 150 }), 'order.lotMultiple', { lot: 100 }));
    it('a buy below one lot', () => refused(limit({ quantity: 50 }), 'order.belowMinimum', { min: 100 }));
    it('a STAR buy below 200 shares', () =>
      refused(limit({ symbol: '687001', quantity: 199 }), 'order.belowMinimum', { min: 200 }));
    it('an order above the per-order maximum', () =>
      refused(limit({ quantity: 1_000_100 }), 'order.aboveMaximum', { max: 1_000_000 }));
    it('a buy the available cash does not cover (price × quantity + fees)', () =>
      // 99,800 × 10.02 = 999,996.00 + commission 250.00 + transfer 10.00
      refused(limit({ price: '10.02', quantity: 99_800 }), 'order.insufficientCash', {
        needed: '1000256.00',
        available: '1000000.00',
      }));
    it('a market buy the cash does not cover at limit-up', () =>
      // frozen at 11.00: 95,000 × 11 = 1,045,000.00 + 261.25 + 10.45
      refused(limit({ type: 'market', price: undefined, quantity: 95_000 }), 'order.insufficientCash', {
        needed: '1045271.70',
        available: '1000000.00',
      }));
    it('a sell of shares not held', () =>
      refused(limit({ side: 'sell' }), 'order.exceedsSellable', { sellable: 0 }));
    it('a sell of shares bought today (T+1)', async () => {
      expectOk(await trader.buy('604000', 100), order);
      await refused(limit({ side: 'sell', price: '9.99' }), 'order.exceedsSellable', { sellable: 0 });
    });
    it.each(['closed', 'preOpen', 'lunchBreak', 'postClose'] as const)(
      'any order while the market is %s',
      async (phase) => {
        await market.status({ phase });
        await refused(limit({}), 'order.marketClosed');
      },
    );
    it('a main-board order after hours before 2026-07-06', async () => {
      await market.status({ phase: 'afterHoursFixed', tradingDate: '2026-07-03' });
      await refused(limit({}), 'order.afterHoursNotOffered');
    });
    it('a main-board order marked after-hours before 2026-07-06', async () => {
      await market.status({ tradingDate: '2026-07-03' });
      await refused(limit({ afterHours: true }), 'order.afterHoursNotOffered');
    });
    it('a market order after hours', async () => {
      await market.status({ phase: 'afterHoursFixed' });
      await refused(limit({ type: 'market', price: undefined }), 'order.marketOrderContinuousOnly');
    });
    it('a buy above the price cage in continuous trading', () =>
      // best offer 10.01 × 1.02 = 10.2102 → at most 10.21
      refused(limit({ price: '10.22' }), 'order.priceAboveCage', { limit: '10.21', reference: '10.01' }));
    it('a sell below the price cage in continuous trading', () =>
      // best bid 9.99 × 0.98 = 9.7902 → at least 9.80
      refused(limit({ side: 'sell', price: '9.79' }), 'order.priceBelowCage', {
        limit: '9.80',
        reference: '9.99',
      }));
    it.each(['openingCall', 'preContinuous', 'closingCall'] as const)(
      'a market order in %s',
      async (phase) => {
        await market.status({ phase });
        await refused(limit({ type: 'market', price: undefined }), 'order.marketOrderContinuousOnly');
      },
    );
    it('a market order on a day without price limits', () =>
      refused(limit({ symbol: '004001', type: 'market', price: undefined }), 'order.marketOrderNeedsBand'));
    it('without a session', async () => {
      const res = await withoutWrites(t.database.db, () =>
        t.api.post('/api/trade/orders', limit({}), { headers: { 'Idempotency-Key': randomUUID() } }),
      );
      expectFailure(res, 'auth.loginFirst');
    });
  });

  it('translates a refusal into the user language', async () => {
    const res = await trader.order(
      { symbol: '604000', side: 'buy', type: 'limit', price: '10.00', quantity: 150 },
      { lang: 'ja' },
    );
    expectFailure(res, 'order.lotMultiple', 'ja', { lot: 100 });
  });
});
