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
    await market.quotes(quote('604000'));
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

  it('translates a refusal into the user language', async () => {
    const res = await trader.order(
      { symbol: '604000', side: 'buy', type: 'limit', price: '10.00', quantity: 150 },
      { lang: 'ja' },
    );
    expectFailure(res, 'order.lotMultiple', 'ja', { lot: 100 });
  });
});
