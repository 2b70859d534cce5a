import { randomUUID } from 'node:crypto';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { tradingRoutes } from '@bourse/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

const order = tradingRoutes.cancelOrder.response;

describe.each(DB_KINDS)('DELETE /api/trade/orders/:id on %s', (kind) => {
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

  it('cancels a resting order and gives its frozen cash back', async () => {
    const placed = expectOk(await trader.buy('604000', 200, '9.50'), order);
    const cancelled = expectOk(await trader.cancel(placed.id), order);
    expect(cancelled).toMatchObject({
      id: placed.id,
      status: 'cancelled',
      cancelReason: 'user',
      frozenCash: '0.00',
    });
    const account = expectOk(await trader.get('account'), tradingRoutes.account.response);
    expect(account).toMatchObject({ available: '1000000.00', frozen: '0.00' });
  });

  describe('refuses, writing nothing,', () => {
    const refused = async (id: string, key: Parameters<typeof expectFailure>[1], who = trader) =>
      expectFailure(await withoutWrites(t.database.db, () => who.cancel(id, 'en')), key, 'en');

    it('an order that does not exist', () => refused(randomUUID(), 'order.notFound'));
    it('an id that is not one', () => refused('42', 'order.notFound'));
    it("another user's order", async () => {
      const placed = expectOk(await trader.buy('604000', 100, '9.50'), order);
      await refused(placed.id, 'order.notFound', await Trader.signUp(t.api));
    });
    it('a filled order', async () => {
      const filled = expectOk(await trader.buy('604000', 100), order);
      await refused(filled.id, 'order.notOpen');
    });
    it.each(['openingCallLocked', 'closingCall', 'lunchBreak', 'closed'] as const)(
      'a cancel in %s',
      async (phase) => {
        const placed = expectOk(await trader.buy('604000', 100, '9.50'), order);
        await market.status({ phase });
        await refused(placed.id, 'order.cancelClosed');
      },
    );
  });
});
