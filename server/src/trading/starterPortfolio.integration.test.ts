import { DEMO_ACCOUNT, seedDemoAccount } from '@bourse/core/accounts/demoAccount.ts';
import { ipoQuota } from '@bourse/core/ipo/quota.ts';
import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { storeDayBars } from '@bourse/core/market/history/barStore.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote, TODAY } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import {
  type DayBar,
  Dec,
  exchangeCalendar,
  FEED_KEYS,
  type InstrumentListing,
  ipoHoldingWindow,
  messageRoutes,
  tradingRoutes,
} from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

/** 30 trading days before Tuesday 2026-07-07. */
const BUY_DATE = exchangeCalendar.addTradingDays(TODAY, -30);
const DAYS: string[] = [];
for (let d = '2026-05-06'; d < TODAY; d = exchangeCalendar.nextTradingDay(d)) DAYS.push(d);

/** Each name's close in cents rises a cent a day from its base; turnover ranks them. */
const NAMES: (Pick<InstrumentListing, 'symbol' | 'name' | 'board' | 'exchange' | 'isST'> & {
  base: number;
  turnover: number;
})[] = [
  // The most traded Shanghai name is ST, and the Shenzhen one ChiNext: neither is picked.
  { symbol: '604002', name: '*ST 甲', board: 'main', exchange: 'SSE', isST: true, base: 500, turnover: 9e9 },
  { symbol: '604000', name: '沪 甲', board: 'main', exchange: 'SSE', isST: false, base: 1000, turnover: 8e9 },
  { symbol: '604001', name: '沪 乙', board: 'main', exchange: 'SSE', isST: false, base: 2500, turnover: 7e9 },
  { symbol: '606000', name: '沪 丙', board: 'main', exchange: 'SSE', isST: false, base: 1200, turnover: 1e9 },
  {
    symbol: '303001',
    name: '创 甲',
    board: 'chinext',
    exchange: 'SZSE',
    isST: false,
    base: 900,
    turnover: 9e9,
  },
  {
    symbol: '004001',
    name: '深 甲',
    board: 'main',
    exchange: 'SZSE',
    isST: false,
    base: 1500,
    turnover: 6e9,
  },
  { symbol: '004002', name: '深 乙', board: 'main', exchange: 'SZSE', isST: false, base: 800, turnover: 5e9 },
  {
    symbol: '006001',
    name: '深 丙',
    board: 'main',
    exchange: 'SZSE',
    isST: false,
    base: 3000,
    turnover: 1e9,
  },
];
const closeOn = (symbol: string, date: string) =>
  NAMES.find((n) => n.symbol === symbol)!.base + DAYS.indexOf(date);

function dayBar(symbol: string, date: string): DayBar {
  const close = closeOn(symbol, date);
  const { turnover } = NAMES.find((n) => n.symbol === symbol)!;
  return {
    tradingDate: date,
    prevClose: close - 1,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1e6,
    turnover,
    turnoverRate: 10,
  };
}

/** 75,000 CNY (a quarter of 300,000) in whole lots at the buy date's close. */
const lotsFor = (symbol: string) => Math.floor(75_000 / (closeOn(symbol, BUY_DATE) / 100) / 100) * 100;
const PICKED = { SSE: ['604000', '604001'], SZSE: ['004001', '004002'] } as const;

/**
 * The quota rule worked by hand from the bars: the 20 trading days to T−2, each day's holding
 * of the exchange at that day's close, averaged and rounded down to the cent.
 */
function expectedAverage(exchange: 'SSE' | 'SZSE'): string {
  const { from, to } = ipoHoldingWindow(TODAY);
  const days = DAYS.filter((d) => d >= from && d <= to);
  expect(days).toHaveLength(20);
  const total = days.reduce(
    (sum, d) =>
      PICKED[exchange].reduce(
        (s, symbol) => s.plus(new Dec(closeOn(symbol, d)).times(lotsFor(symbol)).div(100)),
        sum,
      ),
    new Dec(0),
  );
  return total.div(20).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2);
}

describe.each(DB_KINDS)('the demo starter portfolio on %s', (kind) => {
  const t = useTestServer(kind);

  beforeAll(async () => {
    const market = new MarketDouble(t.redis, t.redisPrefix);
    await market.status();
    await market.quotes(...NAMES.map((n) => quote(n.symbol, { name: n.name })));
    const listing = NAMES.map(({ base, turnover, ...n }) => ({ ...n, initials: 'X', sector: 'x' }));
    await t.redis.set(`${t.redisPrefix}${FEED_KEYS.instrumentsKey}`, JSON.stringify(listing));
  });

  it('without stored history, a new account gets its deposit today and nothing bought', async () => {
    const trader = await Trader.signUp(t.api);
    expect(expectOk(await trader.get('positions'), tradingRoutes.positions.response)).toEqual([]);
    const log = expectOk(await trader.get('moneyLog'), tradingRoutes.moneyLog.response);
    expect(log.items.map((l) => [l.type, l.tradingDate])).toEqual([['deposit', TODAY]]);
    // The history arrives (the feed's backfill), for the tests below.
    await storeDayBars(
      t.database.db,
      NAMES.flatMap((n) => DAYS.map((d) => ({ symbol: n.symbol, bar: dayBar(n.symbol, d) }))),
    );
  });

  it('buys two liquid main-board names per exchange 30 trading days ago, sellable now, the ledger balanced', async () => {
    const trader = await Trader.signUp(t.api);
    const positions = expectOk(await trader.get('positions'), tradingRoutes.positions.response);
    const expected = [...PICKED.SSE, ...PICKED.SZSE];
    expect(positions.map((p) => [p.symbol, p.quantity, p.sellableQuantity]).sort()).toEqual(
      expected.map((s) => [s, lotsFor(s), lotsFor(s)]).sort(),
    );
    const fills = expectOk(await trader.get('fills?scope=history'), tradingRoutes.fills.response);
    // Filled at the buy date's close in its closing auction, 15:00 market time.
    expect(fills.items.map((f) => [f.symbol, f.tradingDate, f.price, f.marketAt]).sort()).toEqual(
      expected
        .map((s) => [
          s,
          BUY_DATE,
          (closeOn(s, BUY_DATE) / 100).toFixed(3),
          new Date(`${BUY_DATE}T15:00:00+08:00`).toISOString(),
        ])
        .sort(),
    );
    const log = expectOk(await trader.get('moneyLog'), tradingRoutes.moneyLog.response);
    // The deposit comes first, on the buy date too, so the log reads in order.
    expect(log.items.at(-1)).toMatchObject({ type: 'deposit', tradingDate: BUY_DATE, amount: '1000000.00' });
    expect(log.items.filter((l) => l.type === 'buy')).toHaveLength(4);
    const messages = expectOk(
      await t.api.get('/api/messages', { token: trader.token }),
      messageRoutes.list.response,
    );
    expect(messages.items.filter((m) => m.kind === 'fill')).toHaveLength(4);
    expect(await auditLedger(t.database.db)).toMatchObject({ driftedAccounts: [], unbalancedEntries: [] });
  });

  it('gives a quota on both exchanges out of the real rule and the snapshots since the purchase', async () => {
    const trader = await Trader.signUp(t.api);
    for (const exchange of ['SSE', 'SZSE'] as const) {
      const quota = await ipoQuota(
        t.database.db,
        trader.userId,
        { exchange, subscriptionDate: TODAY, onlineShares: 10_000_000 },
        TODAY,
      );
      expect(quota.averageHoldingValue).toBe(expectedAverage(exchange));
      // About 150,000 CNY held: 30 units of 500 shares, one per 5,000 CNY.
      expect(quota.quotaShares).toBe(Math.floor(Number(expectedAverage(exchange)) / 5000) * 500);
      expect(quota.maxShares).toBeGreaterThan(0);
    }
  });

  it('gives the demo login its portfolio at its first login once the history is there', async () => {
    await seedDemoAccount(t.database, { startingDeposit: '1000000.00' });
    const login = async () => {
      const res = await t.api.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password);
      return new Trader(t.api, (res.body.data as { userinfo: { token: string } }).userinfo.token, '');
    };
    const first = await login();
    const positions = expectOk(await first.get('positions'), tradingRoutes.positions.response);
    expect(positions.map((p) => p.symbol).sort()).toEqual([...PICKED.SSE, ...PICKED.SZSE].sort());
    // A second login buys nothing more.
    const second = await login();
    const fills = expectOk(await second.get('fills?scope=history'), tradingRoutes.fills.response);
    expect(fills.items).toHaveLength(4);
  });
});
