import { randomBytes } from 'node:crypto';
import { PrivateRedis } from '@bourse/core/testing/privateRedis.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  type RunningProduct,
  SCREEN_SETTLES,
  skipMarketTo,
  startProduct,
  testClockEnv,
} from './harness.ts';
import { TradingScreens } from './pages/trading.ts';

/**
 * A trading day and the next on a phone, against `pnpm start`. The product gets a Redis of its
 * own, so its demo clock starts afresh at 09:35 in continuous trading, and the feed's test
 * clock, so the test skips to the next trading day (T+1: the day yesterday's buys can be sold)
 * instead of waiting for it. Orders are placed only with enough of the trading session left to
 * meet a trading market.
 */
describe('trading on a phone: buy, see it everywhere, sell on the next day', () => {
  let redis: PrivateRedis;
  let product: RunningProduct;
  let browser: Browser;
  let app: TradingScreens;
  let symbol: string;
  let boughtOn: string;
  const user = {
    account: `trader_${randomBytes(4).toString('hex')}`,
    password: 'secret123',
    username: 'Zhang',
    givenName: 'Min',
    email: 'zhang.min@example.com',
    mobile: '13900139000',
  };

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    [product, browser] = await Promise.all([
      startProduct({
        ...testClockEnv(redis),
        FEED_SYMBOLS: '300',
        FEED_BACKFILL_DAYS: '20',
        FEED_BACKFILL_MINUTE_DAYS: '1',
      }),
      launchBrowser(),
    ]);
    const context = await newContext(browser, 'phone', { locale: 'en-US' });
    app = await TradingScreens.on(await context.newPage(), product.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await redis?.stop();
  });

  it('registers and finds the demo deposit in the money log', async () => {
    await app.register(user);
    await app.page.waitForURL((url) => url.pathname !== '/register');
    const log = await app.moneyLog();
    expect(log.map((l) => [l.type, l.amount])).toEqual([['deposit', '+1,000,000.00']]);
  });

  it('refuses 150 shares with a clear message, then buys 100 at market: fill, position, money log', async () => {
    symbol = await app.tradableSymbol();
    boughtOn = await app.waitForTrading();
    await app.openTicket(symbol, 'buy');
    await app.chooseOrderType('market');
    await app.enterQuantity('150');
    expect(await app.ticketProblem()).toBe('The quantity must be a multiple of 100 shares.');
    await app.enterQuantity('100');
    expect(await app.placeOrder()).toMatch(/^Filled: 100 shares at \d+\.\d{3}$/);
    await expect.poll(() => app.orderStatuses(), SCREEN_SETTLES).toEqual(['Filled']);

    expect(await app.position(symbol)).toEqual({ quantity: '100', sellable: '0' });
    expect(await app.openPositionDetail(symbol)).toBe(1);
    expect(await app.todayFills()).toEqual([
      { symbol, price: expect.stringMatching(/^\d+\.\d{2}$/), quantity: '100' },
    ]);
    const log = await app.moneyLog();
    expect(log.map((l) => l.type)).toEqual(['buy', 'deposit']);
    expect(log[0]?.amount).toMatch(/^-[\d,]+\.\d{2}$/);
    expect(log[0]?.text).toContain(symbol);
  }, 300_000);

  it('sells them on the next trading day, not before, and shows the realised P&L in the history', async () => {
    await app.openTicket(symbol, 'sell');
    expect(await app.capacity()).toBe('0');

    expect((await skipMarketTo(product, redis, '09:31')).tradingDate > boughtOn).toBe(true);
    await app.waitForTrading({ after: boughtOn });
    await app.openTicket(symbol, 'sell');
    expect(await app.capacity()).toBe('100');
    await app.chooseOrderType('market');
    await app.useShortcut('all');
    expect(await app.quantity()).toBe('100');
    expect(await app.placeOrder()).toMatch(/^Filled: 100 shares at \d+\.\d{3}$/);

    const closed = await app.closedPosition(symbol);
    expect(closed.realisedPnl).toMatch(/^[+-]?[\d,]+\.\d{2}$/);
    expect(closed.fills).toBe(2);
  }, 600_000);
});
