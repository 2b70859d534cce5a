import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newShotsPage,
  printProductOutputOnFailure,
  type RunningProduct,
  SCREEN_SETTLES,
  SHOTS,
  startProduct,
} from './harness.ts';
import { until } from './pages/app.ts';
import { StoreScreens } from './pages/store.ts';
import { photo } from './photo.ts';

/**
 * A brand-new shopper on a phone does everything the storefront offers against `pnpm start`
 * (embedded database, demo catalogue): browses, finds a smartphone despite a typo, follows its
 * shop, puts specs of two shops' products in the cart, checks out with WELCOME10 and the
 * payment password, watches the parcels to the door, confirms receipt and reviews an item with
 * a picture; a second order left unpaid expires and gives its stock back. The carrier runs a
 * hundred thousand times faster than life and shops ship two seconds after payment.
 * With E2E_SCREENSHOTS=1 it photographs each store screen into docs/screenshots/.
 */
const PIN = '246810';
// Ample to place and pay an order (a few seconds here), and the unpaid one expires without a minute's wait.
const ORDER_TTL_MS = 30_000;

interface Card {
  id: number;
  shopId: number;
  name: string;
  price: string;
}

describe('a new shopper on a phone: browse, search, follow, cart, promo, pay, parcel, receipt, review; an unpaid order expires', () => {
  let product: RunningProduct;
  let browser: Browser;
  let shopper: StoreScreens;
  let picks: Card[] = [];
  let paidOrders: string[] = [];

  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({
        ...(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {}),
        DATABASE_URL: '',
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        REDIS_PREFIX: `e2e-store-${randomBytes(4).toString('hex')}:`,
        FEED_SYMBOLS: '50',
        FEED_BACKFILL_DAYS: '0',
        FEED_BACKFILL_MINUTE_DAYS: '0',
        STORE_ORDER_TTL_MS: String(ORDER_TTL_MS),
        STORE_AUTO_SHIP_MS: '2000',
        // Receipt is the shopper's to confirm here: the automatic one waits ten minutes.
        STORE_AUTO_RECEIPT_MS: '600000',
        LOGISTICS_TIME_SCALE: '100000',
      }),
      launchBrowser(),
    ]);
    shopper = await StoreScreens.on(await newShotsPage(browser, SHOTS), product.baseUrl);
  }, 300_000);
  printProductOutputOnFailure(() => product);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('browses the home and a category, and finds a smartphone despite a typo', async () => {
    await shopper.open('/shop');
    await shopper.page.getByTestId('store-banners').waitFor();
    await shopper.shoot(SHOTS, 'store-home');
    await shopper.open('/explore');
    await shopper.page.getByTestId('product-card').first().waitFor();
    await shopper.shoot(SHOTS, 'store-explore');

    const found = await shopper.search('smartphnoe');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((name) => name.includes('Smartphone'))).toBe(true);
    await shopper.shoot(SHOTS, 'store-search');

    // Two smartphones of two shops, cheap enough for the starting balance, dear enough for WELCOME10.
    const response = await fetch(`${product.baseUrl}/api/store/search?q=smartphone`);
    const cards = ((await response.json()) as { data: { products: Card[] } }).data.products.filter(
      (p) => Number(p.price) >= 30 && Number(p.price) <= 600,
    );
    const first = cards[0]!;
    const second = cards.find((p) => p.shopId !== first.shopId)!;
    expect(second).toBeDefined();
    picks = [first, second];
  }, 300_000);

  it('registers, sets a payment password and an address, and follows a shop once', async () => {
    await shopper.register({
      account: `shopper_${randomBytes(3).toString('hex')}`,
      password: 'secret123',
      username: 'Lovelace',
      givenName: 'Ada',
      email: 'ada@example.com',
      mobile: '13900139004',
    });
    // The embedded database serves one query at a time, and the feed's first backfill may still
    // hold it: a registration (with its starter portfolio) can wait behind it on a slow machine.
    await shopper.page.waitForURL((url) => url.pathname !== '/register', { timeout: 240_000 });
    expect(await shopper.setPayPassword(PIN)).toBe('Payment password saved.');
    await shopper.addAddress();

    const { shopId } = picks[0]!;
    const fans = await shopper.fansOf(shopId);
    await shopper.openProduct(picks[0]!.id);
    await shopper.followShop();
    expect(await shopper.fansOf(shopId)).toBe(fans + 1);
    // Following again from another page changes nothing: the shop is followed once.
    await shopper.openProduct(picks[0]!.id);
    // The button shows the follow once the page's own request for the user's follows answers,
    // which a loaded machine can serve after the product.
    await expect
      .poll(() => shopper.page.getByTestId('shop-follow').getAttribute('aria-pressed'), SCREEN_SETTLES)
      .toBe('true');
    expect(await shopper.fansOf(shopId)).toBe(fans + 1);
  }, 300_000);

  it('puts a spec of each shop’s smartphone in the cart, applies WELCOME10 and pays with the payment password', async () => {
    await shopper.openProduct(picks[0]!.id);
    await shopper.chooseSpec(0);
    expect(await shopper.addToCart()).toBe('Added to cart');
    await shopper.openProduct(picks[1]!.id);
    await shopper.chooseSpec(1);
    await shopper.shoot(SHOTS, 'store-detail');
    expect(await shopper.addToCart()).toBe('Added to cart');

    await shopper.open('/cart');
    await shopper.page.getByTestId('cart-line').nth(1).waitFor();
    await shopper.shoot(SHOTS, 'store-cart');
    await shopper.checkoutCart();
    expect(await shopper.page.getByTestId('checkout-shop').count()).toBe(2);
    const totals = await shopper.applyPromo('WELCOME10');
    expect(totals).toMatch(/Promo discount[−-]US\$\d/);
    await shopper.shoot(SHOTS, 'store-checkout');
    await shopper.placeStoreOrder();
    await shopper.shoot(SHOTS, 'store-pay-sheet');
    await shopper.pay(PIN);

    const orders = await shopper.orders();
    // Paid: waiting for the shop, or already shipped (shops ship two seconds after payment).
    expect(orders.map((o) => ['waitingDeliver', 'delivered'].includes(o.status))).toEqual([true, true]);
    paidOrders = orders.map((o) => o.id);
    await shopper.shoot(SHOTS, 'store-orders');
  }, 300_000);

  it('leaves a second order unpaid: its stock is held, then returned when it expires', async () => {
    await shopper.openProduct(picks[0]!.id);
    const { specId, stock } = await shopper.chooseSpec(0);
    await shopper.page.getByTestId('buy-now').click();
    await shopper.waitForPath('/checkout');
    await shopper.page.getByTestId('checkout-totals').waitFor();
    await shopper.placeStoreOrder();
    await shopper.leaveUnpaid();
    const unpaid = (await shopper.orders())[0]!;
    expect(unpaid.status).toBe('waitingPay');
    await shopper.openProduct(picks[0]!.id);
    expect(await shopper.stockOf(specId)).not.toBe(stock);

    await until(
      'the unpaid order to expire',
      async () => (await shopper.orders()).find((o) => o.id === unpaid.id)?.status,
      (status) => status === 'cancelled',
      ORDER_TTL_MS + 120_000,
      3_000,
    );
    await shopper.openProduct(picks[0]!.id);
    expect(await shopper.stockOf(specId)).toBe(stock);
  }, 400_000);

  it('watches both parcels to the door, confirms receipt and reviews an item with a picture', async () => {
    for (const id of paidOrders) {
      const steps = await shopper.watchParcelToDelivery(id);
      expect(steps.some((step) => step.startsWith('Delivered'))).toBe(true);
    }
    await shopper.shoot(SHOTS, 'logistics-delivered');
    const order = paidOrders[0]!;
    expect(await shopper.confirmReceipt(order)).toContain('Received');
    await shopper.shoot(SHOTS, 'store-order-detail');

    const { refusal } = await shopper.review(order, 'Crisp screen, and it arrived well packed.', {
      name: 'phone.png',
      mimeType: 'image/png',
      buffer: photo(),
    });
    expect(refusal).toBe('Review content cannot be empty');
    await shopper.shoot(SHOTS, 'store-review-write');
    await shopper.submitReview(order);
    await shopper.page.getByText('Reviewed').first().waitFor();

    // The picture comes back without its author; the product page shows the review.
    const mine = await fetch(`${product.baseUrl}/api/store/reviews`, {
      headers: { token: await shopper.session() },
    });
    const [review] = ((await mine.json()) as { data: { items: { productId: number; pictures: string[] }[] } })
      .data.items;
    expect(review?.pictures).toHaveLength(1);
    const served = Buffer.from(await (await fetch(`${product.baseUrl}${review!.pictures[0]}`)).arrayBuffer());
    expect(served.includes(Buffer.from('Ada Lovelace'))).toBe(false);

    await shopper.openProduct(review!.productId);
    const summary = shopper.page.getByTestId('product-reviews');
    await summary.getByTestId('review').first().waitFor();
    expect(await summary.getByTestId('review-average').textContent()).toBe('5.0');
    await summary.getByTestId('review').first().scrollIntoViewIfNeeded();
    await shopper.shoot(SHOTS, 'store-detail-reviews');
    await summary.getByTestId('all-reviews').click();
    await shopper.page.getByTestId('review-list').getByTestId('review').first().waitFor();
    expect(await shopper.page.getByTestId('review-list').locator('img').count()).toBe(1);
    await shopper.shoot(SHOTS, 'store-reviews');
    await shopper.open('/store/reviews');
    await shopper.page.getByTestId('my-reviews').getByTestId('review').first().waitFor();
    await shopper.shoot(SHOTS, 'store-my-reviews');
  }, 400_000);
});
