import { randomBytes, randomUUID } from 'node:crypto';
import { pushMessage } from '@bourse/core/push';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  printProductOutputOnFailure,
  REPO_ROOT,
  type RunningProduct,
  SCREEN_SETTLES,
  startOwnProduct,
} from './harness.ts';
import { PushScreens } from './pages/push.ts';

/**
 * Web Push on a phone (issue 16 §2 and §5): Settings → Notifications asks the browser only on a
 * tap and keeps each topic's switch; a push worded by the server's own pushMessage reaches the
 * service worker through DevTools (no push service is reachable from here), which shows it, and
 * a tap on it opens its page in the app's window.
 */
describe('Web Push on a phone: the settings, and a push shown by the service worker', () => {
  let own: Awaited<ReturnType<typeof startOwnProduct>>;
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let app: PushScreens;
  printProductOutputOnFailure(() => product);

  beforeAll(async () => {
    [own, browser] = await Promise.all([startOwnProduct(), launchBrowser()]);
    product = own.product;
    context = await newContext(browser, 'phone', { locale: 'en-US' });
    app = await PushScreens.onPhone(await context.newPage(), product.baseUrl);
    app.page.setDefaultTimeout(90_000);
    await app.register({
      account: `pushed_${randomBytes(3).toString('hex')}`,
      password: 'secret123',
      username: 'Li',
      givenName: 'Na',
      email: 'li.na@example.com',
      mobile: '13900139021',
    });
    await app.page.waitForURL((url) => url.pathname !== '/register', { timeout: 90_000 });
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await own?.stop();
  });

  it('asks for permission only on a tap, and keeps each topic switch', async () => {
    await app.openSettings();
    await expect.poll(() => app.deviceState(), SCREEN_SETTLES).toBe('off');
    // Opening Settings asked nothing of the browser.
    expect(await app.permission()).toBe('default');
    await app.page.getByTestId('push-topic-store').scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: `${REPO_ROOT}/docs/screenshots/settings-notifications.png` });

    await app.toggleTopic('fills');
    await expect.poll(() => app.topicIsOn('fills'), SCREEN_SETTLES).toBe(false);
    await app.openSettings();
    await expect.poll(() => app.topicIsOn('fills'), SCREEN_SETTLES).toBe(false);
    expect(await app.topicIsOn('priceAlerts')).toBe(true);
    await app.toggleTopic('fills');
    await expect.poll(() => app.topicIsOn('fills'), SCREEN_SETTLES).toBe(true);
  }, 180_000);

  it('says so when this browser has no push service to subscribe at, and stays off', async () => {
    await context.grantPermissions(['notifications'], { origin: product.baseUrl });
    await app.openSettings();
    await expect.poll(() => app.deviceState(), SCREEN_SETTLES).toBe('off');
    const toastsBefore = (await app.toastsSeen()).length;
    await app.tapTurnOn();
    await expect.poll(async () => (await app.toastsSeen()).length, SCREEN_SETTLES).toBe(toastsBefore + 1);
    await expect.poll(() => app.deviceState(), SCREEN_SETTLES).toBe('off');
  }, 180_000);

  it('shows a pushed price alert and opens the stock’s page on a tap', async () => {
    await app.waitForServiceWorker();
    await app.open('/messages');
    const payload = pushMessage('en', {
      id: randomUUID(),
      kind: 'priceAlert',
      params: { symbol: '600000', name: 'SPD Bank', kind: 'above', price: '10.50', level: '10.5' },
    });
    if (!payload) throw new Error('a price alert is pushed');
    expect(await app.deliverAndWaitForNotification(JSON.stringify(payload))).toEqual({
      title: 'Price alert',
      body: 'SPD Bank (600000) is at 10.50.',
      tag: payload.tag,
      url: '/stockInfo/600000',
    });
    await app.tapNotification(payload.tag);
    await app.page.waitForURL((url) => url.pathname === '/stockInfo/600000', SCREEN_SETTLES);
    expect(await app.shownNotifications()).toEqual([]);
  }, 180_000);

  it('still tells the user something came when a push cannot be read, and a tap opens the inbox', async () => {
    const shown = await app.deliverAndWaitForNotification('not json');
    expect(shown).toMatchObject({ title: 'Bourse', body: '', url: '/messages' });
    await app.tapNotification(shown.tag);
    await app.page.waitForURL((url) => url.pathname === '/messages', SCREEN_SETTLES);
  }, 180_000);
});
