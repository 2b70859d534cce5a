import { randomBytes } from 'node:crypto';
import { PrivateRedis } from '@bourse/core/testing/privateRedis.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  listingDateOf,
  newPhonePage,
  printProductOutputOnFailure,
  type RunningProduct,
  skipMarketTo,
  skipPastPayment,
  skipToDay,
  startProduct,
  testClockEnv,
} from './harness.ts';
import { NewShareScreens } from './pages/newShares.ts';

/**
 * A brand-new user on a phone goes through a new share's whole cycle against `pnpm start` on its
 * embedded defaults (demo mode: real names pass at once, the calendar runs the draw): register,
 * subscribe to an issue open today thanks to the starter portfolio's quota, see the numbers and
 * the win, pay on T+2, find the shares listed, sell them. Nobody else subscribes, so every
 * number wins. The feed's test clock skips to T+1, T+2 and the listing day instead of waiting for
 * them, and 40 days of backfilled history serve the portfolio bought 30 trading days ago.
 */
const PIN = '135790';
/** A trading day's first minutes of continuous trading, where each skip to a new day lands. */
const OPEN = '09:31';

describe('a newcomer and a new share on a phone: register, subscribe, numbers, win, pay, list, sell', () => {
  let redis: PrivateRedis;
  let product: RunningProduct;
  let browser: Browser;
  let user: NewShareScreens;
  let code = '';
  const person = {
    account: `newcomer_${randomBytes(3).toString('hex')}`,
    password: 'secret123',
    username: 'Wang',
    givenName: 'Fang',
    email: 'wang.fang@example.com',
    mobile: '13900139003',
  };

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    [product, browser] = await Promise.all([
      startProduct({
        ...testClockEnv(redis),
        FEED_SYMBOLS: '300',
        FEED_BACKFILL_DAYS: '40',
        FEED_BACKFILL_MINUTE_DAYS: '1',
      }),
      launchBrowser(),
    ]);
    user = await NewShareScreens.on(await newPhonePage(browser), product.baseUrl);
  });
  printProductOutputOnFailure(() => product);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await redis?.stop();
  });

  it('registers into a starter portfolio on both exchanges, verifies and sets a payment password', async () => {
    await user.waitForHistory(35);
    await user.register(person);
    await user.page.waitForURL((url) => url.pathname !== '/register');
    await user.open('/ucenter/holding');
    await user.page.getByTestId('position-row').first().waitFor();
    const symbols = await user.page
      .getByTestId('position-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol') ?? ''));
    expect(symbols.some((s) => s.startsWith('6'))).toBe(true);
    expect(symbols.some((s) => s.startsWith('0'))).toBe(true);
    expect(await user.submitRealName('王芳', '11010519491231002X')).toBe('Verified');
    expect(await user.setPayPassword(PIN)).toBe('Payment password saved.');
  }, 300_000);

  it('finds an issue open today with an enabled Subscribe button and subscribes', async () => {
    code = await user.openIssueToday();
    const offer = await user.subscribeOffer();
    expect(offer.enabled).toBe(true);
    expect(offer.average).not.toMatch(/^0\.00/);
    expect(Number(offer.mayBuy.replace(/\D/g, ''))).toBeGreaterThanOrEqual(500);
    // One unit: its payment is well within the cash the starter portfolio left.
    expect(await user.subscribe(code, '500', PIN)).toBe('Subscribed for 500 shares.');
    await user.waitForSubscription(code, 'Awaiting the draw');
  }, 600_000);

  it('sees its numbers and the win on T+1, told by a message', async () => {
    await skipMarketTo(product, redis, OPEN);
    await user.waitForSubscription(code, 'Allotted', 120_000);
    expect(await user.subscriptionFigure(code, 'sub-numbers')).toMatch(/^\d+ – \d+/);
    expect(await user.subscriptionFigure(code, 'sub-won')).toBe('500 shares');
    const messages = await user.waitForMessage('500 shares allotted to you');
    expect(messages.find((m) => m.includes('allotted to you'))).toContain(`(${code})`);
  }, 400_000);

  it('pays on T+2, holds the shares from the listing day and sells them', async () => {
    await skipPastPayment(product, redis, code, OPEN);
    await user.waitForSubscription(code, 'Paid', 120_000);
    expect(await user.subscriptionFigure(code, 'sub-paid')).toBe('500 shares');
    const log = await user.moneyLog();
    expect(log.map((l) => l.type)).toContain('ipoPayment');
    await skipToDay(product, redis, await listingDateOf(product, code), OPEN);
    expect(await user.waitForPosition(code, 120_000)).toEqual({
      quantity: '500',
      sellable: '500',
    });

    await user.waitForTrading({ room: 30 });
    expect(await user.sellAll(code)).toMatch(
      /^(Filled: 500 shares|Partly filled: \d+ of 500 shares|Order placed)/,
    );
    await expect
      .poll(
        async () => {
          await user.open('/ucenter/holding');
          await user.page.waitForLoadState('networkidle');
          return user.page.locator(`[data-testid="position-row"][data-symbol="${code}"]`).count();
        },
        { timeout: 300_000, interval: 2_000 },
      )
      .toBe(0);
  }, 1_200_000);
});
