import { randomBytes } from 'node:crypto';
import { queryRows } from '@bourse/core/db/rows.ts';
import { auditLedger, HEALTHY_LEDGER } from '@bourse/core/ledger/audit.ts';
import { Dec, roundCent } from '@bourse/shared';
import { sql } from 'drizzle-orm';
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
import { pictureLoaded } from './pages/backoffice.ts';
import { SellerScreens } from './pages/seller.ts';
import { StoreScreens } from './pages/store.ts';
import { photo } from './photo.ts';

/**
 * The marketplace's whole money loop on three phones against `pnpm start` (a PostgreSQL of the
 * test's own, so it can make an admin and audit the ledger): a user opens a shop that back
 * office approves and lists a product; a shopper tops up by blockchain and back office credits
 * less than claimed; the shopper buys, the shop ships, the shopper sends it back and the shop's
 * confirmation refunds it; a second order is received, its after-sale window (five seconds
 * here) closes and the shop is paid out less commission; the seller withdraws to a card, back
 * office passes it and the simulated bank pays it. Every figure is checked to the cent, and the
 * ledger audit holds at the end. The carrier runs a hundred thousand times faster than life;
 * nothing else moves by itself (shipping, receipt, refund answers and returns wait an hour).
 * The seller's product has three uploaded pictures. With E2E_SCREENSHOTS=1 it photographs each
 * step on phones into docs/screenshots/marketplace-*-phone.png (and the product form's pictures
 * and the product page they show on), with =desktop on desktops into *-desktop.png.
 */
const SHOPPER_PIN = '246810';
const SELLER_PIN = '135790';
// An ICBC debit card (BIN 622202); 6 is its Luhn check digit.
const CARD = '6222020200112233446';
const STARTING_BALANCE = '2000.00';
const COMMISSION_RATE = '0.05';
const CHARGE = { rate: '0.01', minimum: '2.00' };
const TOP_UP = { claimed: '300.00', arrived: '298.75' };
const WITHDRAWAL = '300.00';
const HOUR_MS = '3600000';

const suffix = randomBytes(3).toString('hex');
const person = (account: string, mobile: string, givenName: string) => ({
  account: `${account}_${suffix}`,
  password: 'secret123',
  username: 'Tester',
  givenName,
  email: `${account}@example.com`,
  mobile,
});
const shopperPerson = person('shopper', '13900139011', 'Ada');
const sellerPerson = person('seller', '13900139012', 'Lei');
const staffPerson = person('staff', '13900139013', 'Meimei');
const shopName = `Oakline ${suffix}`;
const DESK = {
  category: 'family',
  name: `Oak desk organiser ${suffix}`,
  description: 'Solid oak, three compartments, felt feet.',
  specs: [
    { kind: 'colour', label: 'Natural oak', price: '89.90', stock: '5' },
    { kind: 'colour', label: 'Walnut stain', price: '129.50', stock: '3' },
  ],
} as const;
const [OAK, WALNUT] = DESK.specs;
const DESK_PICTURES = ([0, 1, 2] as const).map((shade) => ({
  name: `desk-${shade}.png`,
  mimeType: 'image/png',
  buffer: photo(shade),
}));

describe('a marketplace on three phones: a new shop, a top-up, a return and refund, a payout and a withdrawal', () => {
  let own: Awaited<ReturnType<typeof startOwnProduct>>;
  let product: RunningProduct;
  let browser: Browser;
  let shopper: StoreScreens;
  let seller: SellerScreens;
  let admin: StoreScreens;
  let productId = 0;
  let completedOrderId = '';

  beforeAll(async () => {
    [own, browser] = await Promise.all([
      startOwnProduct({
        ...(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {}),
        DEMO_MODE: 'true',
        FEED_BACKFILL_DAYS: '0',
        FEED_BACKFILL_MINUTE_DAYS: '0',
        STORE_STARTING_BALANCE: STARTING_BALANCE,
        STORE_COMMISSION_RATE: COMMISSION_RATE,
        STORE_WITHDRAWAL_CHARGE_RATE: CHARGE.rate,
        STORE_WITHDRAWAL_CHARGE_MIN: CHARGE.minimum,
        STORE_AUTO_SHIP_MS: HOUR_MS,
        STORE_AUTO_RECEIPT_MS: HOUR_MS,
        STORE_REFUND_ANSWER_MS: HOUR_MS,
        STORE_RETURN_CONFIRM_MS: HOUR_MS,
        STORE_AFTER_SALE_WINDOW_MS: '5000',
        LOGISTICS_TIME_SCALE: '100000',
        // The bank's faults have tests of their own: here it pays, soon.
        BANK_SIM_DECLINE_RATE: '0',
        BANK_SIM_TIMEOUT_RATE: '0',
        BANK_SIM_LOST_CALLBACK_RATE: '0',
        BANK_SIM_PROCESSING_MS: '500-1000',
      }),
      launchBrowser(),
    ]);
    product = own.product;
    const phone = async () => newShotsPage(browser, SHOTS);
    [shopper, seller, admin] = await Promise.all([
      phone().then((page) => StoreScreens.on(page, product.baseUrl)),
      phone().then((page) => SellerScreens.on(page, product.baseUrl)),
      phone().then((page) => StoreScreens.on(page, product.baseUrl)),
    ]);
    await Promise.all([
      shopper
        .register(shopperPerson)
        .then(() => shopper.page.waitForURL((url) => url.pathname !== '/register')),
      seller.register(sellerPerson).then(() => seller.page.waitForURL((url) => url.pathname !== '/register')),
      admin.registerAsStaff(staffPerson, own.database.database.db),
    ]);
  }, 300_000);
  printProductOutputOnFailure(() => product);
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
  });

  it('a user applies to open a shop, back office approves it on the desk, and the new seller lists a product with two specs and three pictures', async () => {
    expect(
      await seller.applyToSell(
        { shopName, category: DESK.category, contact: sellerPerson.email },
        { name: 'licence.png', mimeType: 'image/png', buffer: photo() },
      ),
    ).toBe('Under review');
    await seller.shoot(SHOTS, 'marketplace-merchant-auditing');

    const application = await admin.deskItem('merchant', sellerPerson.account);
    await admin.bringIntoView(application);
    await admin.shoot(SHOTS, 'marketplace-admin-merchant');
    expect(await admin.pass(application)).toBe(`Approved: ${shopName} is open.`);

    await seller.waitForMessage(`Your shop ${shopName} is open`);
    await seller.openConsole();
    await seller.fillNewProduct({ ...DESK, pictures: DESK_PICTURES });
    await seller.shoot(SHOTS, 'seller-product-pictures');
    productId = await seller.saveProduct(DESK.name);
    const row = seller.page.getByTestId('seller-product-row').filter({ hasText: DESK.name });
    expect(await row.textContent()).toContain(`From US$${OAK.price} · 8 in stock · 0 sold`);
    await seller.shoot(SHOTS, 'marketplace-seller-products');
  }, 300_000);

  it('a shopper tops up 300.00 by blockchain; back office passes it with 298.75 arrived; the shopper sees 298.75 credited', async () => {
    expect(await shopper.setPayPassword(SHOPPER_PIN)).toBe('Payment password saved.');
    await shopper.addAddress();
    expect(await shopper.wallet()).toEqual({ balance: STARTING_BALANCE, frozen: '0.00' });

    const { toast, address } = await shopper.topUpByBlockchain(
      { network: 'TRC20', amount: TOP_UP.claimed, txHash: randomBytes(32).toString('hex') },
      { name: 'transfer.png', mimeType: 'image/png', buffer: photo() },
    );
    expect(toast).toBe('Submitted. Back office will check it; the result appears here and in your messages.');
    expect(address).toBe('TXq8bDemoBourseDeposit9Zk3NpQ7wRt2vYh');
    await shopper.shoot(SHOTS, 'marketplace-recharge-auditing');

    const audit = await admin.auditTopUp(shopperPerson.account, {
      arrival: TOP_UP.arrived,
      note: 'Arrived less the network fee.',
    });
    // The amount to credit is a boxed field, not text that only an edit would show to be editable.
    expect(await admin.styleOf(audit.getByTestId('admin-topup-arrival'), 'borderTopStyle')).toBe('solid');
    await admin.bringIntoView(audit);
    await admin.shoot(SHOTS, 'marketplace-admin-topup');
    expect(await admin.pass(audit)).toBe(`Passed: ${TOP_UP.arrived} USD credited.`);

    // Live on the open page: passed, with what arrived beside what was claimed.
    const record = shopper.page.getByTestId('topup-record').first();
    await until(
      'the top-up to pass',
      () => record.getAttribute('data-state'),
      (s) => s === 'passed',
      30_000,
      250,
    );
    expect(await record.locator('.fund-record__foot').textContent()).toBe(
      `Claimed US$${TOP_UP.claimed}Arrived US$${TOP_UP.arrived}`,
    );
    await shopper.shoot(SHOTS, 'marketplace-recharge-passed');
    await shopper.waitForMessage(`${TOP_UP.arrived} USD was credited to your store balance`);
    await shopper.open('/store/balance');
    const credited = new Dec(STARTING_BALANCE).plus(TOP_UP.arrived);
    expect(await shopper.page.getByTestId('wallet-available').textContent()).toBe(
      `US$${credited.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(await shopper.page.getByTestId('fund-record').first().textContent()).toContain(
      `Top-up+US$${TOP_UP.arrived}`,
    );
    await shopper.shoot(SHOTS, 'marketplace-balance-topped-up');
    expect((await shopper.wallet()).balance).toBe(credited.toFixed(2));
  }, 300_000);

  it('the shopper buys the oak spec, the seller ships it, the shopper sends it back and the seller’s confirmation refunds it', async () => {
    const found = await shopper.search(DESK.name);
    // One result, with the price of its cheapest spec.
    expect(found).toEqual([`${DESK.name}US$${OAK.price}`]);
    await shopper.openFound(DESK.name);
    // The seller's pictures, the first the main one, in place of the generated picture.
    const gallery = shopper.page.getByTestId('gallery').locator('img');
    expect(await gallery.count()).toBe(DESK_PICTURES.length);
    expect(await gallery.first().getAttribute('src')).toMatch(/^\/api\/store\/images\/picture\//);
    await pictureLoaded(gallery.first());
    await shopper.shoot(SHOTS, 'store-detail-uploaded-picture');
    await shopper.chooseSpec(0);
    const order = await shopper.buyNow(SHOPPER_PIN);
    expect(order.status).toBe('waitingDeliver');
    const number = await shopper.orderNumber(order.id);
    const paid = new Dec(STARTING_BALANCE).plus(TOP_UP.arrived).minus(OAK.price);
    expect((await shopper.wallet()).balance).toBe(paid.toFixed(2));

    await seller.consoleTab('orders');
    await seller.page.getByTestId('seller-order').filter({ hasText: number }).waitFor();
    await seller.shoot(SHOTS, 'marketplace-seller-to-ship');
    expect(await seller.ship(number)).toMatch(/^Shipped: tracking number \S+\.$/);

    const refundId = await shopper.applyForReturn(
      order.id,
      { reason: 'notAsDescribed', explanation: 'The stain is darker than the photos.' },
      { name: 'stain.png', mimeType: 'image/png', buffer: photo() },
    );
    expect(await shopper.refundState()).toBe('Waiting for the shop');

    const request = await seller.shopRefund(number, 'requested');
    expect(await request.textContent()).toContain(`Return and refundUS$${OAK.price}`);
    // Approve, the reason and Refuse share one row of full-height controls on a phone.
    const [approve, reason, refuse] = await Promise.all(
      ['seller-refund-approve', 'seller-refund-reason', 'seller-refund-refuse'].map((id) =>
        request.getByTestId(id).boundingBox(),
      ),
    );
    expect(reason?.height).toBeGreaterThanOrEqual(44);
    const middles = [approve, reason, refuse].map((box) => (box?.y ?? 0) + (box?.height ?? 0) / 2);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(3);
    // The shopper's proof, shown to the shop before it answers (through the shop-scoped route).
    await pictureLoaded(request.getByRole('img', { name: `The shopper's proof for order ${number}` }));
    await seller.shoot(SHOTS, 'marketplace-seller-refund');
    expect(await seller.toastAfter(() => request.getByTestId('seller-refund-approve').click())).toBe(
      'Refund approved.',
    );

    await shopper.open(`/store/refunds/${refundId}`);
    await shopper.waitForRefundState('Approved');
    await shopper.sendReturn('SF Express', 'SF1234567890CN');
    // The carrier brings the return to the shop; the shopper's page says so once it has.
    await until(
      'the return to reach the shop',
      async () => {
        await shopper.open(`/store/refunds/${refundId}`);
        return shopper.page.getByTestId('refund-timeline').locator('strong').allTextContents();
      },
      (steps) => steps.includes('Return delivered'),
      60_000,
    );

    const parcel = await seller.shopRefund(number, 'returning');
    expect(await parcel.textContent()).toContain('Return parcel: SF Express SF1234567890CN');
    expect(await seller.toastAfter(() => parcel.getByTestId('seller-refund-confirm').click())).toBe(
      'Return confirmed: the refund is sent.',
    );

    await shopper.waitForRefundState('Refunded');
    expect(await shopper.page.getByTestId('refund-timeline').locator('strong').allTextContents()).toEqual([
      'Refunded to balance',
      'Return confirmed by the shop',
      'Return delivered',
      'Goods sent back',
      'Approved',
      'Requested',
    ]);
    await shopper.shoot(SHOTS, 'marketplace-refund-refunded');
    expect((await shopper.wallet()).balance).toBe(paid.plus(OAK.price).toFixed(2));
    expect((await shopper.orders())[0]?.status).toBe('refunded');
  }, 300_000);

  it('a second order is received, its after-sale window closes, and the seller is paid out less commission', async () => {
    await shopper.openProduct(productId);
    await shopper.chooseSpec(1);
    const order = await shopper.buyNow(SHOPPER_PIN);
    completedOrderId = order.id;
    expect(await seller.ship(await shopper.orderNumber(order.id))).toMatch(/^Shipped: tracking number/);
    await shopper.watchParcelToDelivery(order.id);
    expect(await shopper.confirmReceipt(order.id)).toContain('Received');

    const commission = roundCent(new Dec(WALNUT.price).times(COMMISSION_RATE));
    const net = new Dec(WALNUT.price).minus(commission);
    await seller.open('/store/balance');
    const payout = seller.page.locator('[data-testid="fund-record"][data-kind="payout"]');
    await until(
      'the payout',
      async () => {
        await seller.open('/store/balance');
        await seller.page
          .locator('[data-testid="fund-record"], [data-testid="fund-records-empty"]')
          .first()
          .waitFor();
        return payout.count();
      },
      (n) => n > 0,
      60_000,
    );
    expect(await payout.locator('.fund-record__main').textContent()).toBe(`Payout+US$${net.toFixed(2)}`);
    await seller.shoot(SHOTS, 'marketplace-seller-payout');
    expect((await seller.wallet()).balance).toBe(new Dec(STARTING_BALANCE).plus(net).toFixed(2));
    expect(await shopper.orders().then((orders) => orders.find((o) => o.id === order.id)?.status)).toBe(
      'completed',
    );
  }, 300_000);

  it('the seller withdraws 300.00 to a bound card, back office passes it, and the bank pays it', async () => {
    await seller.submitRealName('李雷', '11010519491231002X');
    await seller.waitForRealName('Verified');
    expect(await seller.setPayPassword(SELLER_PIN)).toBe('Payment password saved.');
    await seller.bindCard(CARD);
    const before = new Dec((await seller.wallet()).balance);
    const charge = Dec.max(roundCent(new Dec(WITHDRAWAL).times(CHARGE.rate)), CHARGE.minimum);

    await seller.withdraw(WITHDRAWAL, SELLER_PIN);
    expect(await seller.wallet()).toEqual({
      balance: before.minus(WITHDRAWAL).minus(charge).toFixed(2),
      frozen: new Dec(WITHDRAWAL).plus(charge).toFixed(2),
    });
    expect(await seller.page.getByTestId('withdrawal-record').first().textContent()).toContain(
      `Amount US$${WITHDRAWAL}Service charge US$${charge.toFixed(2)}`,
    );
    await seller.shoot(SHOTS, 'marketplace-withdraw-auditing');

    const request = await admin.deskItem('withdrawal', sellerPerson.account);
    await request.getByTestId('admin-withdrawal-pass').scrollIntoViewIfNeeded();
    await admin.shoot(SHOTS, 'marketplace-admin-withdrawal');
    expect(await admin.pass(request)).toBe(`Passed: ${WITHDRAWAL} USD sent to the bank for payout.`);

    // Live on the open page: the bank's payment turns it to passed.
    await seller.waitForWithdrawalState('Passed', 120_000);
    await seller.shoot(SHOTS, 'marketplace-withdraw-paid');
    await seller.waitForMessage(
      `Your withdrawal of ${WITHDRAWAL} USD to the card ending 3446 passed and was paid out.`,
    );
    expect(await seller.wallet()).toEqual({
      balance: before.minus(WITHDRAWAL).minus(charge).toFixed(2),
      frozen: '0.00',
    });
  }, 300_000);

  it('leaves every account to the cent and the ledger audit healthy', async () => {
    const db = own.database.database.db;
    const commission = roundCent(new Dec(WALNUT.price).times(COMMISSION_RATE));
    const charge = Dec.max(roundCent(new Dec(WITHDRAWAL).times(CHARGE.rate)), CHARGE.minimum);
    expect((await shopper.wallet()).balance).toBe(
      new Dec(STARTING_BALANCE).plus(TOP_UP.arrived).minus(WALNUT.price).toFixed(2),
    );
    expect((await seller.wallet()).balance).toBe(
      new Dec(STARTING_BALANCE)
        .plus(WALNUT.price)
        .minus(commission)
        .minus(WITHDRAWAL)
        .minus(charge)
        .toFixed(2),
    );
    const payouts = await queryRows(
      db,
      sql`select gross::text, commission::text, net::text from store_payouts where order_id = ${completedOrderId}`,
    );
    expect(payouts).toEqual([
      {
        gross: WALNUT.price,
        commission: commission.toFixed(2),
        net: new Dec(WALNUT.price).minus(commission).toFixed(2),
      },
    ]);
    expect(await auditLedger(db)).toEqual(HEALTHY_LEDGER);
  }, 60_000);
});
