import { randomBytes } from 'node:crypto';
import { PNG } from '@bourse/core/testing/images.ts';
import { Dec } from '@bourse/shared';
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
 * A shopper on a phone pays for an order, then asks for part of it back against `pnpm start`
 * (a PostgreSQL of the test's own, so it can make an admin; demo catalogue): the refund form's
 * first message, the request, and the shop's silence approving it after its window (compressed
 * to seconds), the refund executing and landing on the open page live, on the after-sale list's
 * Passed tab, and in the balance. A second order's refund is approved by back office on the
 * desk, answering for the shop, and lands the same way.
 * With E2E_SCREENSHOTS=1 it photographs the new screens into docs/screenshots/.
 */
const PIN = '246810';

describe('a shopper asks for a refund and sees it land', () => {
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
        // The shop never ships here, and never answers: its window is eight seconds.
        STORE_AUTO_SHIP_MS: '3600000',
        STORE_REFUND_ANSWER_MS: '8000',
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

  it('pays for an order, asks for 10.00 back with a proof, and sees the refund approved, executed and credited', async () => {
    await shopper.register({
      account: `refund_${randomBytes(3).toString('hex')}`,
      password: 'secret123',
      username: 'Lovelace',
      givenName: 'Ada',
      email: 'ada@example.com',
      mobile: '13900139005',
    });
    await shopper.page.waitForURL((url) => url.pathname !== '/register');
    expect(await shopper.setPayPassword(PIN)).toBe('Payment password saved.');
    await shopper.addAddress();

    const response = await fetch(`${product.baseUrl}/api/store/search?q=smartphone`);
    const { products } = ((await response.json()) as { data: { products: { id: number; price: string }[] } })
      .data;
    const pick = products.find((p) => Number(p.price) >= 20 && Number(p.price) <= 600)!;
    await shopper.openProduct(pick.id);
    await shopper.chooseSpec(0);
    const order = await shopper.buyNow(PIN);
    expect(order.status).toBe('waitingDeliver');
    const paid = (await shopper.wallet()).balance;

    const { refusal, refundId } = await shopper.applyForRefund(
      order.id,
      { amount: '10.00', reason: 'changedMind', explanation: 'Ordered the wrong colour.' },
      { name: 'proof.png', mimeType: 'image/png', buffer: PNG },
    );
    expect(refusal).toBe('Please enter the refund amount.');
    expect(refundId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await shopper.refundState()).toBe('Waiting for the shop');
    await shopper.shoot(SHOTS, 'store-refund-detail');

    // A second request on the same order: the spec's words.
    await shopper.open(`/store/refund/apply?orderId=${order.id}`);
    expect(await shopper.page.getByTestId('refund-already').textContent()).toContain(
      'You have already submitted a refund request',
    );
    expect((await shopper.orders())[0]?.status).toBe('inAfterSale');

    // No answer in its window: approved, then executed, landing on the open page without a reload.
    await shopper.open(`/store/refunds/${refundId}`);
    await shopper.waitForRefundState('Refunded');
    const steps = await shopper.page.getByTestId('refund-timeline').locator('strong').allTextContents();
    expect(steps).toEqual(['Refunded to balance', 'Approved', 'Requested']);
    await shopper.shoot(SHOTS, 'store-refund-refunded');
    expect((await shopper.wallet()).balance).toBe(new Dec(paid).plus(10).toFixed(2));

    await shopper.open('/store/refunds');
    await shopper.page.getByTestId('refund-tab-passed').click();
    // The "all" tab's card can still show as the tab changes, and the passed tab's list is empty
    // while it loads: count once the tab is selected and its list has answered.
    await shopper.page.locator('[data-testid="refund-tab-passed"][aria-selected="true"]').waitFor();
    await until(
      'the passed tab to list the refund',
      () => shopper.page.getByTestId('refund-card').count(),
      (n) => n === 1,
      30_000,
      250,
    );
    await shopper.shoot(SHOTS, 'store-after-sale');
    expect((await shopper.orders())[0]?.status).toBe('refunded');
  }, 300_000);

  it('asks for a return and refund of a second order; back office approves it on the desk for the shop', async () => {
    const staff = {
      account: `staff_${randomBytes(3).toString('hex')}`,
      password: 'secret123',
      username: 'Han',
      givenName: 'Meimei',
      email: 'han@example.com',
      mobile: '13900139006',
    };
    await admin.registerAsStaff(staff, own.database.database.db);

    const response = await fetch(`${product.baseUrl}/api/store/search?q=smartphone`);
    const { products } = ((await response.json()) as { data: { products: { id: number; price: string }[] } })
      .data;
    await shopper.openProduct(products.find((p) => Number(p.price) >= 20 && Number(p.price) <= 600)!.id);
    await shopper.chooseSpec(0);
    const order = await shopper.buyNow(PIN);

    // The form with a wrong amount showing its message, for the photograph.
    await shopper.open(`/store/refund/apply?orderId=${order.id}`);
    await shopper.page.getByTestId('refund-type-returnAndRefund').click();
    await shopper.page.getByTestId('refund-product-status-received').click();
    await shopper.page.getByTestId('refund-reason-damaged').click();
    await shopper.page.getByTestId('refund-amount').fill('-3');
    await shopper.page.getByTestId('refund-submit').click();
    expect(await shopper.page.getByRole('alert').first().textContent()).toBe(
      'The refund amount cannot be negative.',
    );
    await shopper.shoot(SHOTS, 'store-refund-apply');
    await shopper.sendRefundForm(
      { explanation: 'The screen arrived cracked.' },
      { name: 'crack.png', mimeType: 'image/png', buffer: PNG },
    );

    await admin.open('/admin');
    const item = admin.page.getByTestId('admin-refund').first();
    await item.waitFor();
    await item.scrollIntoViewIfNeeded();
    await admin.shoot(SHOTS, 'admin-refunds');
    await item.getByTestId('admin-refund-pass').click();
    await admin.page.getByTestId('admin-refunds-empty').waitFor();

    // Approved for a return: the shopper's page offers the return form, live.
    await shopper.waitForRefundState('Approved', 30_000);
    await shopper.page.getByTestId('return-carrier').waitFor();
    await shopper.shoot(SHOTS, 'store-refund-return');
    await shopper.sendReturn('EMS', 'RR1234567890CN');

    // Back office confirms it arrived: the refund executes and lands.
    await admin.open('/admin');
    const parcel = admin.page.getByTestId('admin-return').first();
    await parcel.waitFor();
    await parcel.getByTestId('admin-return-confirm').click();
    await admin.page.getByTestId('admin-returns-empty').waitFor();
    await shopper.waitForRefundState('Refunded', 30_000);
    expect((await shopper.orders())[0]?.status).toBe('refunded');
  }, 300_000);
});
