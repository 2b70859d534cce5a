import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newShotsPage,
  printProductOutputOnFailure,
  type RunningProduct,
  SHOTS,
  startOwnProduct,
} from './harness.ts';
import { until } from './pages/app.ts';
import { StoreScreens } from './pages/store.ts';

/**
 * A shopper on a phone withdraws from the storefront balance to a bound card against
 * `pnpm start` (a PostgreSQL of the test's own, so it can make an admin): back office passes it
 * on the desk, the shopper's record turns to Paying live while the simulated bank works on it,
 * then to Refused with the bank's reason when the bank declines it (BANK_SIM_DECLINE_RATE 1:
 * the paid path is the payout worker's integration tests'), and the money is back.
 * With E2E_SCREENSHOTS=1 it photographs both states into docs/screenshots/.
 */
const PIN = '246810';
// An ICBC debit card (BIN 622202); 6 is its Luhn check digit.
const CARD = '6222020200112233446';

describe('a shopper withdraws and sees the bank answer', () => {
  let product: RunningProduct;
  let browser: Browser;
  let shopper: StoreScreens;
  let admin: StoreScreens;
  let own: Awaited<ReturnType<typeof startOwnProduct>>;

  beforeAll(async () => {
    [own, browser] = await Promise.all([
      startOwnProduct({
        ...(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {}),
        DEMO_MODE: 'true',
        FEED_BACKFILL_DAYS: '0',
        FEED_BACKFILL_MINUTE_DAYS: '0',
        BANK_SIM_DECLINE_RATE: '1',
        BANK_SIM_TIMEOUT_RATE: '0',
        BANK_SIM_LOST_CALLBACK_RATE: '0',
        // Long enough to see the record paying before the bank answers.
        BANK_SIM_PROCESSING_MS: '15000-20000',
      }),
      launchBrowser(),
    ]);
    product = own.product;
    const phone = async () => StoreScreens.on(await newShotsPage(browser, SHOTS), product.baseUrl);
    [shopper, admin] = await Promise.all([phone(), phone()]);
  }, 300_000);
  printProductOutputOnFailure(() => product);
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
  });

  it('withdraws 100.00, back office passes it, and the bank declines it: paying, then refused with the money back', async () => {
    const account = `withdraw_${randomBytes(3).toString('hex')}`;
    await shopper.register({
      account,
      password: 'secret123',
      username: 'Lovelace',
      givenName: 'Ada',
      email: 'ada@example.com',
      mobile: '13900139007',
    });
    await shopper.page.waitForURL((url) => url.pathname !== '/register');
    await shopper.submitRealName('李雷', '11010519491231002X');
    await shopper.waitForRealName('Verified');
    expect(await shopper.setPayPassword(PIN)).toBe('Payment password saved.');
    await shopper.bindCard(CARD);
    const before = await shopper.wallet();

    await shopper.withdraw('100', PIN);
    expect((await shopper.wallet()).frozen).toBe('102.00');

    const staff = {
      account: `staff_${randomBytes(3).toString('hex')}`,
      password: 'secret123',
      username: 'Han',
      givenName: 'Meimei',
      email: 'han@example.com',
      mobile: '13900139008',
    };
    await admin.registerAsStaff(staff, own.database.database.db);
    await admin.pass(await admin.deskItem('withdrawal', account));

    // Live, without a reload: back office's pass, then the bank's decline.
    await shopper.waitForWithdrawalState('Paying');
    expect((await shopper.wallet()).frozen).toBe('102.00');
    await shopper.shoot(SHOTS, 'withdraw-paying');
    await shopper.waitForWithdrawalState('Refused', 120_000);
    expect(await shopper.page.getByTestId('withdrawal-record').first().textContent()).toContain(
      'The bank declined the payment.',
    );
    expect(await shopper.wallet()).toEqual(before);
    // The released money is available again on the open page.
    const available = Number(before.balance).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await until(
      'the available balance to come back',
      () => shopper.page.getByTestId('withdraw-available').textContent(),
      (s) => s?.includes(available) ?? false,
      30_000,
      250,
    );
    await shopper.shoot(SHOTS, 'withdraw-bank-declined');
  }, 300_000);
});
