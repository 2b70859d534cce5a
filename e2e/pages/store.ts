import type { Page } from 'playwright-core';
import { recordToasts, until } from './app.ts';
import { BackOfficeScreens } from './backoffice.ts';

/** The shopper's view of the storefront (and the payment password it needs): one method per thing a shopper does or sees. */
export class StoreScreens extends BackOfficeScreens {
  static override async on(page: Page, baseUrl: string): Promise<StoreScreens> {
    await recordToasts(page);
    return new StoreScreens(page, baseUrl);
  }

  /** Photographs the screen as it is now, when a folder for the shots was given. */
  async shoot(dir: string | undefined, name: string): Promise<void> {
    if (!dir) return;
    await this.page.waitForLoadState('networkidle');
    await this.page.screenshot({ path: `${dir}/${name}-phone.png` });
  }

  async addAddress(): Promise<void> {
    await this.open('/address/edit');
    await this.page.getByLabel('Addressee').fill('Ada Lovelace');
    await this.page.getByLabel('Mobile phone').fill('+44 20 7946 0958');
    await this.page.getByTestId('address-country').selectOption('GB');
    await this.page.getByTestId('address-region').selectOption('England');
    await this.page.getByLabel('Detailed address').fill('12 St James Square, London');
    await this.page.getByRole('button', { name: 'Home', exact: true }).click();
    await this.page.getByLabel('Use as my default address').check();
    await this.page.getByTestId('address-save').click();
    await this.page.waitForURL((url) => url.pathname !== '/address/edit');
  }

  /** Types into the storefront search and answers the names of the products found. */
  async search(query: string): Promise<string[]> {
    await this.open('/search');
    await this.page.getByTestId('store-search-input').fill(query);
    await this.page.getByTestId('store-search-product').first().waitFor();
    return this.page.getByTestId('store-search-product').allTextContents();
  }

  async openProduct(id: number): Promise<void> {
    await this.open(`/detail/${id}`);
    await this.page.getByTestId('product-head').waitFor();
  }

  /** The shop's fans as its page counts them (the card rounds them to thousands). */
  async fansOf(shopId: number): Promise<number> {
    const response = await this.page.request.get(`${this.baseUrl}/api/store/shop?id=${shopId}`);
    return ((await response.json()) as { data: { shop: { fans: number } } }).data.shop.fans;
  }

  /** Follows the shop from the product page; answers once the button says it is followed. */
  async followShop(): Promise<void> {
    await this.page.getByTestId('shop-follow').click();
    await this.page.locator('[data-testid="shop-follow"][aria-pressed="true"]').waitFor();
  }

  /** Chooses the product's `nth` spec with stock; answers its id and the stock it shows. */
  async chooseSpec(nth: number): Promise<{ specId: number; stock: string }> {
    const spec = this.page.locator('[data-testid="spec"]:not([disabled])').nth(nth);
    await spec.click();
    return {
      specId: Number(await spec.getAttribute('data-id')),
      stock: (await spec.locator('.spec__stock').textContent()) ?? '',
    };
  }

  async stockOf(specId: number): Promise<string> {
    return (
      (await this.page.locator(`[data-testid="spec"][data-id="${specId}"] .spec__stock`).textContent()) ?? ''
    );
  }

  async addToCart(): Promise<string> {
    return this.toastAfter(() => this.page.getByTestId('add-to-cart').click());
  }

  async checkoutCart(): Promise<void> {
    await this.open('/cart');
    await this.page.getByTestId('cart-line').first().waitFor();
    await this.page.getByTestId('cart-checkout').click();
    await this.waitForPath('/checkout');
    await this.page.getByTestId('checkout-totals').waitFor();
  }

  async applyPromo(code: string): Promise<string> {
    await this.page.getByTestId('promo-input').fill(code);
    await this.page.getByTestId('promo-apply').click();
    const discount = this.page.getByTestId('checkout-totals').getByText(/Promo discount/);
    await discount.waitFor();
    return (await this.page.getByTestId('checkout-totals').textContent()) ?? '';
  }

  /** Places the order; the payment sheet opens. */
  async placeStoreOrder(): Promise<void> {
    await this.page.getByTestId('place-order').click();
    await this.page.getByTestId('pay-password-sheet').waitFor();
  }

  async pay(pin: string): Promise<void> {
    await this.page.getByTestId('pay-password-input').fill(pin);
    await this.waitForPath('/orders');
  }

  /** Closes the payment sheet without paying: the orders wait for payment. */
  async leaveUnpaid(): Promise<void> {
    await this.page.getByRole('button', { name: 'Close' }).click();
    await this.waitForPath('/orders');
  }

  /** The status of every order on the list, newest first, with its id. */
  async orders(): Promise<{ id: string; status: string }[]> {
    await this.open('/orders');
    await this.page.getByTestId('order-card').first().waitFor();
    return this.page.getByTestId('order-card').evaluateAll((cards) =>
      cards.map((c) => ({
        id: c.querySelector('a')?.getAttribute('href')?.split('/').pop() ?? '',
        status: c.getAttribute('data-status') ?? '',
      })),
    );
  }

  async openOrder(id: string): Promise<void> {
    await this.open(`/orders/${id}`);
    await this.page.getByTestId('order-head').waitFor();
  }

  /** Follows the parcel from the order until the carrier says it is delivered; answers the steps seen. */
  async watchParcelToDelivery(orderId: string): Promise<string[]> {
    await until(
      'the order to ship',
      async () => {
        await this.openOrder(orderId);
        return this.page.getByTestId('order-shipment').count();
      },
      (n) => n > 0,
    );
    await this.page.getByTestId('order-shipment').getByRole('link').click();
    await this.page.getByTestId('shipment-status').waitFor();
    await until(
      'the parcel to be delivered',
      async () => (await this.page.getByTestId('shipment-status').textContent()) ?? '',
      (s) => s === 'Delivered',
    );
    return this.page.getByTestId('timeline-step').allTextContents();
  }

  async confirmReceipt(orderId: string): Promise<string> {
    await this.openOrder(orderId);
    await this.page.getByTestId('order-confirm').click();
    await this.page.getByTestId('confirm-yes').click();
    await this.page.locator('[data-testid="order-card"][data-status="received"]').waitFor();
    return (await this.page.getByTestId('order-head').textContent()) ?? '';
  }

  /** Writes a review of the order's first item with five-star product score and a picture. */
  async review(orderId: string, text: string, picture: { name: string; mimeType: string; buffer: Buffer }) {
    await this.openOrder(orderId);
    await this.page.getByTestId('write-review').first().click();
    await this.waitForPath('/store/review');
    await this.page.getByTestId('review-content').waitFor();
    // First without text: the spec's message.
    await this.page.getByTestId('review-submit').click();
    const refusal = (await this.page.getByRole('alert').first().textContent()) ?? '';
    await this.page.getByTestId('review-serviceScore').getByLabel('4 of 5 stars').check({ force: true });
    await this.page.getByTestId('review-content').fill(text);
    await this.page.getByTestId('review-pictures').setInputFiles(picture);
    await this.page.getByTestId('review-chosen-pictures').locator('img').waitFor();
    return { refusal };
  }

  async submitReview(orderId: string): Promise<void> {
    await this.page.getByTestId('review-submit').click();
    await this.waitForPath(`/orders/${orderId}`);
  }

  /**
   * From the order, applies for a refund: first with nothing filled (answers the first message
   * shown), then the whole form; answers once the refund's own page opens.
   */
  async applyForRefund(
    orderId: string,
    form: { amount: string; reason: string; explanation: string },
    proof: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<{ refusal: string; refundId: string }> {
    await this.openOrder(orderId);
    await this.page.getByTestId('order-refund').first().click();
    await this.waitForPath('/store/refund/apply');
    await this.page.getByTestId('refund-submit').click();
    const refusal = (await this.page.getByRole('alert').first().textContent()) ?? '';
    await this.page.getByTestId('refund-amount').fill(form.amount);
    await this.page.getByTestId(`refund-reason-${form.reason}`).click();
    await this.page.getByTestId('refund-explanation').fill(form.explanation);
    await this.page.getByTestId('refund-proof').setInputFiles(proof);
    await this.page.getByTestId('refund-submit').click();
    await this.page.waitForURL((url) => /^\/store\/refunds\/[0-9a-f-]{36}$/.test(url.pathname));
    await this.page.getByTestId('refund-state').waitFor();
    return { refusal, refundId: new URL(this.page.url()).pathname.split('/').pop() ?? '' };
  }

  /** The refund's state as its open page shows it, live. */
  async refundState(): Promise<string> {
    return (await this.page.getByTestId('refund-state').textContent()) ?? '';
  }
}
