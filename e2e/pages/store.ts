import type { Page } from 'playwright-core';
import type { Shots } from '../harness.ts';
import { recordToasts, until } from './app.ts';
import { BackOfficeScreens } from './backoffice.ts';

/** An image a form uploads. */
export interface Picture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The shopper's view of the storefront (and the payment password it needs): one method per thing a shopper does or sees. */
export class StoreScreens extends BackOfficeScreens {
  static override async on(page: Page, baseUrl: string): Promise<StoreScreens> {
    await recordToasts(page);
    return new StoreScreens(page, baseUrl);
  }

  /** Photographs the screen as it is now into `<name>-<device>.png`, when shots are taken. */
  async shoot(shots: Shots | undefined, name: string): Promise<void> {
    if (!shots) return;
    await this.page.waitForLoadState('networkidle');
    // Transitions finished first: a sheet photographed as it slides in shows the page through it.
    await this.page.screenshot({ path: `${shots.dir}/${name}-${shots.device}.png`, animations: 'disabled' });
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

  /** Opens the product of that name from the search results, as a shopper taps it. */
  async openFound(name: string): Promise<void> {
    await this.page.getByTestId('store-search-product').filter({ hasText: name }).click();
    await this.page.getByTestId('product-head').waitFor();
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

  /**
   * Places the order; the payment sheet opens. A tap that sent nothing and said nothing is
   * tapped again, as a shopper would: a CI run once saw no sheet and no request after the tap
   * (the button enabled, the machine loaded), and the retry is safe, since the checkout's
   * Idempotency-Key makes a second create return the first one's orders. A tap answered by a
   * toast (no address, say) is a failure, with the toast in its message.
   */
  async placeStoreOrder(): Promise<void> {
    const toastsBefore = (await this.toastsSeen()).length;
    const checkoutSent = () =>
      this.page
        .waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/store/checkout', {
          timeout: 15_000,
        })
        .then(
          () => true,
          () => false,
        );
    const sent = checkoutSent();
    await this.page.getByTestId('place-order').click();
    if (!(await sent)) {
      const toasts = (await this.toastsSeen()).slice(toastsBefore);
      if (toasts.length > 0)
        throw new Error(`Place order sent no checkout; the screen said: ${toasts.join(' | ')}`);
      const resent = checkoutSent();
      await this.page.getByTestId('place-order').click();
      if (!(await resent)) throw new Error('Place order sent no checkout after two taps, and said nothing');
    }
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
  async review(orderId: string, text: string, picture: Picture) {
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

  /** From the order's page, the way a shopper opens the refund form. */
  async openRefundForm(orderId: string): Promise<void> {
    await this.openOrder(orderId);
    await this.page.getByTestId('order-refund').first().click();
    await this.waitForPath('/store/refund/apply');
  }

  /**
   * From the order, applies for a refund: first with nothing filled (answers the first message
   * shown), then the whole form; answers once the refund's own page opens.
   */
  async applyForRefund(
    orderId: string,
    form: { amount: string; reason: string; explanation: string },
    proof: Picture,
  ): Promise<{ refusal: string; refundId: string }> {
    await this.openRefundForm(orderId);
    await this.page.getByTestId('refund-submit').click();
    const refusal = (await this.page.getByRole('alert').first().textContent()) ?? '';
    await this.page.getByTestId(`refund-reason-${form.reason}`).click();
    return { refusal, refundId: await this.sendRefundForm(form, proof) };
  }

  /** From the order, asks to send the goods back (received) for the whole amount paid; answers the refund's id. */
  async applyForReturn(
    orderId: string,
    form: { reason: string; explanation: string },
    proof: Picture,
  ): Promise<string> {
    await this.openRefundForm(orderId);
    await this.page.getByTestId('refund-type-returnAndRefund').click();
    await this.page.getByTestId('refund-product-status-received').click();
    await this.page.getByTestId(`refund-reason-${form.reason}`).click();
    return this.sendRefundForm({ explanation: form.explanation }, proof);
  }

  /**
   * On the open refund form: the amount (the full amount paid when none is given), the
   * explanation and the proof, then submit; answers the refund's id once its page opens.
   */
  async sendRefundForm(form: { amount?: string; explanation: string }, proof: Picture): Promise<string> {
    if (form.amount === undefined) await this.page.getByTestId('refund-amount-all').click();
    else await this.page.getByTestId('refund-amount').fill(form.amount);
    await this.page.getByTestId('refund-explanation').fill(form.explanation);
    await this.page.getByTestId('refund-proof').setInputFiles(proof);
    await this.page.getByTestId('refund-submit').click();
    await this.page.waitForURL((url) => /^\/store\/refunds\/[0-9a-f-]{36}$/.test(url.pathname));
    await this.page.getByTestId('refund-state').waitFor();
    return new URL(this.page.url()).pathname.split('/').pop() ?? '';
  }

  /** The refund's state as its open page shows it, live. */
  async refundState(): Promise<string> {
    return (await this.page.getByTestId('refund-state').textContent()) ?? '';
  }

  /** Waits, without a reload, until the open refund page shows `state`. */
  async waitForRefundState(state: string, ms = 60_000): Promise<void> {
    await until(
      'the refund',
      () => this.refundState(),
      (s) => s === state,
      ms,
      500,
    );
  }

  /** From the open refund page, approved for a return: the carrier and tracking number, once the page says the goods are on their way. */
  async sendReturn(carrier: string, trackingNo: string): Promise<void> {
    await this.page.getByTestId('return-carrier').fill(carrier);
    await this.page.getByTestId('return-tracking').fill(trackingNo);
    await this.page.getByTestId('return-submit').click();
    await this.waitForRefundState('Goods on their way back', 30_000);
  }

  /** Buys the chosen spec of the open product page now and pays; answers the new order as the list shows it. */
  async buyNow(pin: string): Promise<{ id: string; status: string }> {
    await this.page.getByTestId('buy-now').click();
    await this.waitForPath('/checkout');
    await this.page.getByTestId('checkout-totals').waitFor();
    await this.placeStoreOrder();
    await this.pay(pin);
    const [order] = await this.orders();
    return order!;
  }

  /** The order's number, as its page shows it (shops list orders by it). */
  async orderNumber(orderId: string): Promise<string> {
    await this.openOrder(orderId);
    const head = (await this.page.getByTestId('order-head').textContent()) ?? '';
    return /Order number (\S+)/.exec(head)?.[1] ?? '';
  }

  /** The storefront balance as the server has it, for exact sums. */
  async wallet(): Promise<{ balance: string; frozen: string }> {
    const response = await this.page.request.get(`${this.baseUrl}/api/store/wallet`, {
      headers: { token: await this.session() },
    });
    const { balance, frozen } = ((await response.json()) as { data: { balance: string; frozen: string } })
      .data;
    return { balance, frozen };
  }

  /**
   * Tops the balance up by blockchain: the network (its deposit address shown), the amount, the
   * transaction hash and the evidence; answers once the record waits for back office.
   */
  async topUpByBlockchain(
    form: { network: string; amount: string; txHash: string },
    evidence: Picture,
  ): Promise<{ toast: string; address: string }> {
    await this.open('/store/recharge');
    await this.page.getByTestId(`recharge-network-${form.network}`).click();
    const address = (await this.page.getByTestId('deposit-address').textContent()) ?? '';
    await this.page.getByTestId('recharge-amount').fill(form.amount);
    await this.page.getByTestId('recharge-hash').fill(form.txHash);
    await this.page.getByTestId('recharge-evidence').setInputFiles(evidence);
    const toast = await this.toastAfter(() => this.page.getByTestId('recharge-submit').click());
    await this.page.locator('[data-testid="topup-record"][data-state="auditing"]').first().waitFor();
    return { toast, address };
  }

  /** Withdraws `amount` to the default card with the payment password; answers once the record is listed. */
  async withdraw(amount: string, pin: string): Promise<void> {
    await this.open('/store/withdraw');
    await this.page.getByTestId('withdraw-amount').fill(amount);
    await this.page.getByTestId('withdraw-submit').click();
    await this.enterPayPassword(pin);
    await this.waitForWithdrawalState('Auditing');
  }

  /** Waits, without a reload, until the newest withdrawal on the open page shows `state`. */
  async waitForWithdrawalState(state: string, ms = 60_000): Promise<void> {
    const shown = this.page.getByTestId('withdrawal-state').first();
    await until(
      'the withdrawal',
      () => shown.textContent(),
      (s) => s === state,
      ms,
      250,
    );
  }
}
