import { randomUUID } from 'node:crypto';
import { EMBEDDED_AND_POSTGRES } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { tradingRoutes } from '@bourse/shared';
import { beforeAll, beforeEach, describe, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

const order = tradingRoutes.placeOrder.response;

/**
 * The orders POST /api/trade/orders refuses. A file apart from the orders it takes, so the two
 * halves run side by side; each refusal checks that it wrote nothing, so they share one trader.
 */
describe.each(EMBEDDED_AND_POSTGRES)('POST /api/trade/orders on %s refuses, writing nothing,', (kind) => {
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
    trader = await Trader.signUp(t.api);
  });
  beforeEach(() => market.status());

  const refused = (
    body: object,
    key: Parameters<typeof expectFailure>[1],
    params?: Record<string, string | number>,
    lang = 'en',
    by = trader,
  ) =>
    withoutWrites(t.database.db, () => by.order(body, { lang })).then((res) =>
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
    // It buys first, so it has a trader of its own.
    const buyer = await Trader.signUp(t.api);
    expectOk(await buyer.buy('604000', 100), order);
    await refused(
      limit({ side: 'sell', price: '9.99' }),
      'order.exceedsSellable',
      { sellable: 0 },
      'en',
      buyer,
    );
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
  it.each(['openingCall', 'preContinuous', 'closingCall'] as const)('a market order in %s', async (phase) => {
    await market.status({ phase });
    await refused(limit({ type: 'market', price: undefined }), 'order.marketOrderContinuousOnly');
  });
  it('a market order on a day without price limits', () =>
    refused(limit({ symbol: '004001', type: 'market', price: undefined }), 'order.marketOrderNeedsBand'));
  it('without a session', async () => {
    const res = await withoutWrites(t.database.db, () =>
      t.api.post('/api/trade/orders', limit({}), { headers: { 'Idempotency-Key': randomUUID() } }),
    );
    expectFailure(res, 'auth.loginFirst');
  });
});
