import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, type RunningProduct, SCREEN_SETTLES, startProduct } from './harness.ts';
import { MarketScreens } from './pages/market.ts';

/**
 * Notes every Content-Security-Policy violation the page reports, from before its first script
 * runs. Page code, so it is a string here.
 */
const RECORD_CSP_VIOLATIONS = `
  window.bourseCspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.bourseCspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
  });
`;

/** Everything the page said about a CSP: the events it fired and the console lines Chromium wrote. */
class CspWatch {
  readonly console: string[] = [];

  constructor(private readonly page: Page) {}

  static async on(page: Page): Promise<CspWatch> {
    const watch = new CspWatch(page);
    await page.addInitScript(RECORD_CSP_VIOLATIONS);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) watch.console.push(message.text());
    });
    return watch;
  }

  /** Violations the current page load reported, with the console's since the start. */
  async violations(): Promise<string[]> {
    const events = (await this.page.evaluate('window.bourseCspViolations ?? []')) as string[];
    return [...events, ...this.console];
  }
}

describe('the built client under its Content-Security-Policy, on a phone', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let app: MarketScreens;
  let csp: CspWatch;
  const seen: string[] = [];

  /** Opens a screen and keeps what the page load before it reported. */
  const visit = async (open: () => Promise<void>) => {
    seen.push(...(await csp.violations()));
    csp.console.length = 0;
    await open();
  };

  beforeAll(async () => {
    // The policy is the same for any board: 300 names keep the feed from taking half a core beside the test.
    [product, browser] = await Promise.all([startProduct({ FEED_SYMBOLS: '300' }), launchBrowser()]);
    context = await newContext(browser, 'phone', { locale: 'en-US' });
    const page = await context.newPage();
    csp = await CspWatch.on(page);
    app = new MarketScreens(page, product.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('serves the app with a strict policy and the other security headers', async () => {
    const response = await app.page.goto(`${product.baseUrl}/`);
    const headers = response?.headers() ?? {};
    const policy = (headers['content-security-policy'] ?? '').split(';');
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('walks the market screens, live over Socket.IO, charts drawn, with no violation', async () => {
    await visit(() => app.open('/'));
    await visit(() => app.openMarket());
    await app.waitForQuotes();
    // The /market namespace was reached over a WebSocket the policy allows.
    expect(app.wire.everSubscribed.size).toBeGreaterThan(0);
    const [symbol] = await app.visibleSymbols();
    if (!symbol) throw new Error('the market list showed no rows');
    await visit(() => app.openStock(symbol, 'kline'));
    await app.waitForDrawnChart('kline-chart', 60_000);
    await app.showChart('intraday');
    await visit(() => app.open('/homedetail'));
    await visit(() => app.open('/dayUpStop'));
    await visit(() => app.open('/search/search'));
    seen.push(...(await csp.violations()));
    expect(seen).toEqual([]);
  }, 240_000);

  it('registers, walks the account screens, and keeps the cookies Lax, 3 days, not Secure over HTTP', async () => {
    const account = `sec_${randomBytes(4).toString('hex')}`;
    await visit(() =>
      app.register({
        account,
        password: 'secret123',
        username: 'Li',
        givenName: 'Wei',
        email: `${account}@example.com`,
        mobile: '13800138000',
      }),
    );
    await app.page.waitForURL((url) => url.pathname !== '/register', SCREEN_SETTLES);
    for (const path of ['/my', '/ucenter/holding', '/personCenter/moneyLog', '/shares/new']) {
      await visit(() => app.open(path));
    }
    await visit(() => app.open('/setting'));
    await visit(() => app.chooseLanguage('日本語'));
    await expect.poll(() => app.htmlLang(), SCREEN_SETTLES).toBe('ja');
    seen.push(...(await csp.violations()));
    expect(seen).toEqual([]);

    const cookies = await context.cookies(product.baseUrl);
    const threeDays = Date.now() / 1000 + 3 * 24 * 3600;
    for (const name of ['Admin-Token', 'Local_Lang']) {
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie, name).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
      expect(Math.abs((cookie?.expires ?? 0) - threeDays)).toBeLessThan(120);
    }
  }, 240_000);
});
