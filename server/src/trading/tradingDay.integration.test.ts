import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote, TODAY } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { type ResponseOf, tradingRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

const NEXT_DAY = '2026-07-08';
const r = tradingRoutes;
type MoneyLog = ResponseOf<typeof r.moneyLog>;

/**
 * A round trip over two trading days through the read routes: buy at market, see the position,
 * the account and the money log; the next day sell it, see history, realised P&L and cash that
 * waits a day to be withdrawable.
 */
describe.each(DB_KINDS)('a round trip on %s', (kind) => {
  const t = useTestServer(kind);
  let market: MarketDouble;
  let trader: Trader;

  beforeAll(async () => {
    market = new MarketDouble(t.redis, t.redisPrefix);
    await market.status();
    await market.quotes(quote('604000'));
    trader = await Trader.signUp(t.api);
  });

  it('day 1: buys 100 at market; the position is not sellable yet', async () => {
    expectOk(await trader.buy('604000', 100), r.placeOrder.response);
    const [position] = expectOk(await trader.get('positions'), r.positions.response);
    // cost 1001.00 + 5.01 fees; valued at the last price 10.00
    expect(position).toMatchObject({
      symbol: '604000',
      quantity: 100,
      sellableQuantity: 0,
      cost: '1006.01',
      averageCost: '10.060',
      price: '10.00',
      marketValue: '1000.00',
      floatingPnl: '-6.01',
      todayPnl: '-6.01',
    });
    expect(expectOk(await trader.get('account'), r.account.response)).toEqual({
      available: '998993.99',
      frozen: '0.00',
      withdrawable: '998993.99',
      cash: '998993.99',
      marketValue: '1000.00',
      totalAssets: '999993.99',
      todayPnl: '-6.01',
      totalPnl: '-6.01',
      tradingDate: TODAY,
    });
  });

  it('day 2: sells them against the bid; the round trip goes to history', async () => {
    await market.status({ tradingDate: NEXT_DAY });
    const [position] = expectOk(await trader.get('positions'), r.positions.response);
    expect(position).toMatchObject({ sellableQuantity: 100, todayPnl: '0.00' });
    const sold = expectOk(await trader.sell('604000', 100), r.placeOrder.response);
    // 999.00; commission 5.00, stamp duty 0.4995 → 0.50, transfer 0.00999 → 0.01
    expect(sold).toMatchObject({ status: 'filled', filledAmount: '999.00', fees: '5.51' });
    expect(expectOk(await trader.get('positions'), r.positions.response)).toEqual([]);
    const history = expectOk(await trader.get('positions/history'), r.positionHistory.response);
    // 999.00 − 5.51 − 1006.01
    expect(history.items).toMatchObject([
      {
        symbol: '604000',
        buyQuantity: 100,
        buyAmount: '1001.00',
        sellAmount: '999.00',
        fees: '10.52',
        realisedPnl: '-12.52',
        closedTradingDate: NEXT_DAY,
      },
    ]);
    // Proceeds 993.49 buy at once but leave only tomorrow.
    expect(expectOk(await trader.get('account'), r.account.response)).toMatchObject({
      available: '999987.48',
      withdrawable: '998993.99',
      marketValue: '0.00',
      todayPnl: '-12.52',
      totalPnl: '-12.52',
    });
  });

  it('lists orders and fills by day', async () => {
    const today = expectOk(await trader.get('orders?scope=today'), r.orders.response);
    expect(today.items.map((o) => o.side)).toEqual(['sell']);
    const earlier = expectOk(await trader.get('orders?scope=history&status=filled'), r.orders.response);
    expect(earlier.items.map((o) => [o.side, o.tradingDate])).toEqual([['buy', TODAY]]);
    const fills = expectOk(await trader.get('fills?scope=history&symbol=604000'), r.fills.response);
    expect(fills.items.map((f) => [f.price, f.quantity, f.commission, f.transferFee])).toEqual([
      ['10.010', 100, '5.00', '0.01'],
    ]);
    expectFailure(await trader.get('orders?pageSize=1000'), 'common.validation');
    expectFailure(await trader.get('orders?symbol=abc', 'en'), 'market.badSymbol', 'en');
  });

  it('shows the ledger lines in the money log, by type, by date and in pages', async () => {
    const all = expectOk(await trader.get('moneyLog'), r.moneyLog.response);
    expect(all.items.map((l) => [l.type, l.amount, l.cash])).toEqual([
      ['sell', '993.49', '999987.48'],
      ['buy', '-1006.01', '998993.99'],
      ['deposit', '1000000.00', '1000000.00'],
    ]);
    expect(all.items[0]).toMatchObject({
      symbol: '604000',
      price: '9.990',
      quantity: 100,
      tradeAmount: '999.00',
      commission: '5.00',
      stampDuty: '0.50',
      transferFee: '0.01',
      tradingDate: NEXT_DAY,
    });
    const buys = expectOk(await trader.get('moneyLog?type=buy'), r.moneyLog.response);
    expect(buys.items.map((l) => l.type)).toEqual(['buy']);
    const day2 = expectOk(await trader.get(`moneyLog?from=${NEXT_DAY}&to=${NEXT_DAY}`), r.moneyLog.response);
    expect(day2.items.map((l) => l.type)).toEqual(['sell']);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await trader.get(`moneyLog?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      const page: MoneyLog = expectOk(res, r.moneyLog.response);
      seen.push(...page.items.map((l) => l.type));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['sell', 'buy', 'deposit']);
    expectFailure(await trader.get('moneyLog?type=bonus'), 'common.validation');
    expect(await auditLedger(t.database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });
});
