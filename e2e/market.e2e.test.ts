import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, type RunningProduct, startProduct } from './harness.ts';
import { MarketScreens } from './pages/market.ts';

/**
 * The live market on a phone, against `pnpm start` and its simulated feed. The demo clock runs
 * a trading day in about fifteen minutes, so tests that need ticks first wait for continuous
 * trading (at most the few minutes of auctions, lunch and night).
 */
describe('the live market on a phone', () => {
  let product: RunningProduct;
  let browser: Browser;
  let market: MarketScreens;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const context = await newContext(browser, 'phone', { locale: 'en-US' });
    market = new MarketScreens(await context.newPage(), product.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('updates the market list live while scrolling, streaming only the rows on screen', async () => {
    await market.waitForTrading();
    await market.openMarket();
    // The most traded names tick most often.
    await market.sortBy('turnover');
    await market.waitForQuotes();
    await market.waitForPriceChange();

    const top = await market.visibleSymbols();
    await expect.poll(() => top.every((s) => market.wire.subscribed.has(s)), { timeout: 10_000 }).toBe(true);
    // Visible rows, overscan and a page of prefetch either side, never the board: at most 60.
    expect(await market.mountedRows()).toBeLessThanOrEqual(60);
    expect(market.wire.subscribed.size).toBeLessThanOrEqual(60);

    await market.scrollListBy(4_000);
    await market.waitForQuotes();
    const below = await market.visibleSymbols();
    expect(below.some((s) => top.includes(s))).toBe(false);
    // The subscription follows the scroll: the new rows are streamed, the old ones let go.
    await expect
      .poll(() => below.every((s) => market.wire.subscribed.has(s)), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => top.every((s) => !market.wire.subscribed.has(s)), { timeout: 10_000 }).toBe(true);
    expect(market.wire.subscribed.size).toBeLessThanOrEqual(60);
    expect(await market.mountedRows()).toBeLessThanOrEqual(60);

    // And the rows down there tick too.
    const changed = await market.waitForPriceChange();
    expect(market.wire.subscribed.has(changed)).toBe(true);
  }, 360_000);

  it('draws a stock page: the intraday chart, then the K-line', async () => {
    await market.openMarket();
    await market.sortBy('turnover');
    const [symbol] = await market.visibleSymbols();
    expect(symbol).toMatch(/^\d{6}$/);
    await market.openStock(symbol!);
    await market.waitForDrawnChart('intraday-chart');
    await market.showChart('kline');
    await market.waitForDrawnChart('kline-chart');
    await expect(market.page.getByTestId('order-book').isVisible()).resolves.toBe(true);
  }, 120_000);

  it('lists limit-up stocks at their limit-up price', async () => {
    await market.open('/dayUpStop');
    const rows = await market.rankRows();
    expect(rows.length).toBeGreaterThan(0);
    const sample = rows.slice(0, 50);
    const limits = await market.limitUpOf(sample.map((r) => r.symbol));
    for (const row of sample)
      expect({ symbol: row.symbol, price: row.price }).toEqual({
        symbol: row.symbol,
        price: limits.get(row.symbol),
      });
  }, 300_000);
});
