import { randomUUID } from 'node:crypto';
import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { tradingRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('orders in parallel on %s', (kind) => {
  const t = useTestServer(kind, { config: { startingDeposit: '10000.00' } });

  beforeAll(async () => {
    const market = new MarketDouble(t.redis, t.redisPrefix);
    await market.status();
    await market.quotes(quote('604000'));
  });

  it('never spends more than the account has: 50 orders at once, 10 fit', async () => {
    const trader = await Trader.signUp(t.api);
    // Each rests at 9.50 and freezes 950.00 + 5.00 + 0.01 = 955.01; 10 × 955.01 = 9550.10 ≤ 10,000 < 11 × 955.01.
    const answers = await Promise.all(Array.from({ length: 50 }, () => trader.buy('604000', 100, '9.50')));
    const accepted = answers.filter((res) => res.status === 200);
    expect(accepted).toHaveLength(10);
    for (const res of answers.filter((r) => r.status !== 200)) {
      expectFailure(res, 'order.insufficientCash', 'zh-CN', { needed: '955.01', available: '449.90' });
    }
    const account = expectOk(await trader.get('account'), tradingRoutes.account.response);
    expect(account).toMatchObject({ available: '449.90', frozen: '9550.10', cash: '10000.00' });
    expect(await auditLedger(t.database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });

  it('makes one order of the same Idempotency-Key sent 10 times at once', async () => {
    const trader = await Trader.signUp(t.api);
    const key = randomUUID();
    const body = { symbol: '604000', side: 'buy', type: 'market', quantity: 100 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => trader.order(body, { key })));
    const ids = new Set(answers.map((res) => expectOk(res, tradingRoutes.placeOrder.response).id));
    expect(ids.size).toBe(1);
    const list = expectOk(await trader.get('orders?scope=today'), tradingRoutes.orders.response);
    expect(list.total).toBe(1);
    const fills = expectOk(await trader.get('fills'), tradingRoutes.fills.response);
    expect(fills.items.map((f) => f.quantity)).toEqual([100]);
    // 10,000.00 − 1001.00 − 5.01, once
    const account = expectOk(await trader.get('account'), tradingRoutes.account.response);
    expect(account.cash).toBe('8993.99');
  });
});
