import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, type RunningProduct, SCREEN_SETTLES, startProduct } from './harness.ts';
import { App } from './pages/app.ts';

describe('a newcomer on a phone: register, log in, switch language, log out', () => {
  let product: RunningProduct;
  let browser: Browser;
  let app: App;
  const user = {
    account: `e2e_${randomBytes(4).toString('hex')}`,
    password: 'secret123',
    username: 'Li',
    givenName: 'Wei',
    email: 'li.wei@example.com',
    mobile: '13800138000',
  };

  beforeAll(async () => {
    // Accounts need no full board: 300 names keep the feed from taking half a core beside the test.
    [product, browser] = await Promise.all([startProduct({ FEED_SYMBOLS: '300' }), launchBrowser()]);
    const context = await newContext(browser, 'phone', { locale: 'en-US' });
    app = await App.on(await context.newPage(), product.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('registers and lands logged in', async () => {
    await app.register(user);
    await app.page.waitForURL((url) => url.pathname !== '/register');
    await app.open('/my');
    await expect(app.page.getByTestId('profile-name').textContent()).resolves.toContain('Wei');
  });

  it('logs out, and a guarded route sends the visitor to /login with a message', async () => {
    await app.logOut();
    await app.waitForPath('/login');
    await app.page.goto(`${product.baseUrl}/ucenter/holding`);
    await app.waitForPath('/login');
    await expect.poll(() => app.toastsSeen(), SCREEN_SETTLES).toContain('Please login first.');
  });

  it('refuses a wrong password with the server message', async () => {
    await app.logIn(user.account, 'wrong-password');
    await expect(app.page.getByTestId('form-error').textContent()).resolves.toBe(
      'Wrong account or password.',
    );
    expect(app.path()).toBe('/login');
  });

  it('logs in with the right password', async () => {
    await app.logIn(user.account, user.password);
    await app.page.waitForURL((url) => url.pathname !== '/login');
  });

  it('switches to Japanese at once, and a reload keeps it', async () => {
    await app.chooseLanguage('日本語');
    await expect.poll(() => app.htmlLang(), SCREEN_SETTLES).toBe('ja');
    const japaneseTitle = await app.title();
    await app.page.reload();
    await app.page.getByTestId('page-title').waitFor();
    expect(await app.htmlLang()).toBe('ja');
    expect(await app.title()).toBe(japaneseTitle);
  });

  it('logs out and the guard answers in Japanese', async () => {
    await app.logOut();
    await app.waitForPath('/login');
    await app.page.goto(`${product.baseUrl}/personCenter/moneyLog`);
    await app.waitForPath('/login');
    await expect.poll(() => app.toastsSeen(), SCREEN_SETTLES).toContain('先にログインしてください。');
  });

  it('leaves for /login when the session ends on another device, told by the socket alone', async () => {
    await app.logIn(user.account, user.password);
    await app.page.waitForURL((url) => url.pathname !== '/login');
    // The positions screen streams the account over /user.
    await app.open('/ucenter/holding');
    await app.page.waitForLoadState('networkidle');
    const unauthorized: string[] = [];
    app.page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(response.url());
    });
    const token = (await app.page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
    const elsewhere = await fetch(`${product.baseUrl}/api/user/logout`, {
      method: 'POST',
      headers: { token: token ?? '', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(200);
    await app.waitForPath('/login');
    // No HTTP call of the page's met the ended session: the socket's close did it.
    expect(unauthorized).toEqual([]);
  });
});
