import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalPushService, startLocalPushService } from '@bourse/core/push/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPhonePage,
  printProductOutputOnFailure,
  type RunningProduct,
  SCREEN_SETTLES,
  startOwnProduct,
} from './harness.ts';
import { PushScreens } from './pages/push.ts';
import { ReachScreens } from './pages/reach.ts';

/**
 * Bourse reaching the user, on phones against `pnpm start`: a price alert set from a stock's
 * page fires while the user is on Me (banner, inbox, the one-shot alert switched off, and a Web
 * Push to the user's device that its service worker shows), and a customer-service chat is
 * answered from the back office's desk, live on both sides. The product has a Redis of its own,
 * so its demo clock starts afresh in continuous trading and quotes tick, and a PostgreSQL of the
 * test's own, where the staff member is given the role. The device's push service is the tests'
 * own (headless Chromium has none): it checks the product's VAPID signature and decrypts the
 * push, which then goes to the service worker through DevTools as a push service would hand it.
 */
describe('reaching the user on phones: a price alert fires on another screen, staff answer a chat live', () => {
  let own: Awaited<ReturnType<typeof startOwnProduct>>;
  let pushService: LocalPushService;
  let caDir: string;
  let product: RunningProduct;
  let browser: Browser;
  let user: ReachScreens;
  let staff: ReachScreens;
  const suffix = randomBytes(3).toString('hex');
  const person = {
    account: `reached_${suffix}`,
    password: 'secret123',
    username: 'Wang',
    givenName: 'Fang',
    email: 'wang.fang@example.com',
    mobile: '13900139011',
  };
  const agent = {
    ...person,
    account: `agent_${suffix}`,
    username: 'Zhao',
    givenName: 'Lei',
    mobile: '13900139012',
  };

  beforeAll(async () => {
    pushService = await startLocalPushService();
    caDir = mkdtempSync(join(tmpdir(), 'reach-push-ca-'));
    writeFileSync(join(caDir, 'push-service.pem'), pushService.certificate);
    [own, browser] = await Promise.all([
      startOwnProduct({
        NODE_EXTRA_CA_CERTS: join(caDir, 'push-service.pem'),
        PUSH_SERVICE_HOSTS: '127.0.0.1',
      }),
      launchBrowser(),
    ]);
    product = own.product;
    const phone = async () => ReachScreens.on(await newPhonePage(browser), product.baseUrl);
    [user, staff] = await Promise.all([phone(), phone()]);
    await Promise.all([user.register(person), staff.register(agent)]);
    await Promise.all(
      [user, staff].map((screens) => screens.page.waitForURL((url) => url.pathname !== '/register')),
    );
  }, 300_000);
  printProductOutputOnFailure(() => product);
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
    await pushService?.close();
    if (caDir) rmSync(caDir, { recursive: true, force: true });
  });

  it('fires a price alert set on a stock page while the user is on Me: banner, inbox entry, switched off, pushed', async () => {
    // The user allowed notifications and this device subscribed (Settings → Notifications).
    await user.page.context().grantPermissions(['notifications'], { origin: product.baseUrl });
    const device = pushService.device();
    const serviceWorker = PushScreens.ofPage(user.page, product.baseUrl);
    await serviceWorker.subscribeDevice(device);
    await user.waitForTrading({ room: 10 });
    const symbol = await user.tradableSymbol();
    // The user has looked around Bourse before: the screens they go back to are loaded.
    await user.open('/trade');
    await user.open('/my');
    const price = await user.openStockPrice(symbol);
    // Half the price: the next quote is above it, so the alert fires at once.
    const level = (Number(price) / 2).toFixed(2);
    expect(await user.setPriceAlert('above', level)).toBe('Alert set');
    await user.tradeThenGoToMe();

    const banner = await user.alertBannerOn('/my');
    expect(banner).toContain(`Price alert · `);
    expect(banner).toContain(symbol);
    expect(banner).toContain(`Price ≥ ${level}`);

    const messages = await user.waitForMessage(`(${symbol}): Price ≥ ${level}`);
    expect(messages.filter((m) => m.includes(`Price ≥ ${level}`))).toHaveLength(1);
    expect(await user.priceAlerts()).toEqual([
      {
        condition: `Price ≥ ${level}`,
        meta: expect.stringMatching(/^Once · Fired at \d+\.\d{2} · \d\d-\d\d \d\d:\d\d$/),
        switchedOn: false,
      },
    ]);

    // The same firing, pushed once to the device: signed by the product, decrypted by its keys.
    const [pushed] = await pushService.waitFor(device, 1, 60_000);
    expect(pushService.refused).toEqual([]);
    expect(pushed?.payload).toMatchObject({ title: 'Price alert', url: `/stockInfo/${symbol}` });
    await serviceWorker.waitForServiceWorker();
    const shown = await serviceWorker.deliverAndWaitForNotification(JSON.stringify(pushed?.payload));
    expect(shown).toMatchObject({ title: 'Price alert', url: `/stockInfo/${symbol}` });
    expect(shown.body).toContain(`(${symbol})`);
    await serviceWorker.tapNotification(shown.tag);
    await user.page.waitForURL((url) => url.pathname === `/stockInfo/${symbol}`, SCREEN_SETTLES);
  }, 300_000);

  it('has staff take the chat on the desk and answer; the user sees the reply live and staff the receipt', async () => {
    // No one can make themselves an admin: the role is given in the database.
    await own.database.database.db.execute(
      `update users set role = 'admin' where account = '${agent.account}'`,
    );
    await staff.logOut();
    await staff.logIn(agent.account, agent.password);
    await staff.page.waitForURL((url) => url.pathname !== '/login');

    await user.openCustomerService();
    await user.sendChatMessage('My transfer has not arrived yet.');
    expect(await user.receipt()).toBe('Sent');

    await staff.openConversationOf(person.account);
    expect(await staff.takeConversation(agent.account)).toContain(`Agent: ${agent.account}`);
    // The agent saw the message: the user's side shows it read, without a reload.
    await user.page.getByTestId('chat-receipt').filter({ hasText: 'Read' }).waitFor();
    await staff.sendChatMessage('We are checking it with the bank now.');

    await user.chatMessage('We are checking it with the bank now.').waitFor();
    expect(await user.chatLog()).toEqual([
      'You: My transfer has not arrived yet.',
      'Customer service: We are checking it with the bank now.',
    ]);
    await staff.page.getByTestId('chat-receipt').filter({ hasText: 'Read' }).waitFor();
    expect(await staff.receipt()).toBe('Read');
  }, 300_000);
});
