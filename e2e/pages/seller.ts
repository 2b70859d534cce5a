import type { Page } from 'playwright-core';
import { recordToasts, until } from './app.ts';
import { type Picture, StoreScreens } from './store.ts';

export interface NewProduct {
  /** A category's key, as the editor's list holds it. */
  category: string;
  name: string;
  description: string;
  specs: readonly { kind: 'size' | 'colour' | 'capacity'; label: string; price: string; stock: string }[];
  /** Uploaded in this order, the first the main picture; none leaves the generated one. */
  pictures?: readonly Picture[];
}

/** A user who opens a shop: the merchant application and the seller console, besides all a shopper does. */
export class SellerScreens extends StoreScreens {
  static override async on(page: Page, baseUrl: string): Promise<SellerScreens> {
    await recordToasts(page);
    return new SellerScreens(page, baseUrl);
  }

  /** Applies to open a shop on /store/merchant; answers the application's state once it shows. */
  async applyToSell(
    form: { shopName: string; category: string; contact: string },
    licence: Picture,
  ): Promise<string> {
    await this.open('/store/merchant');
    await this.page.getByTestId('merchant-shop-name').fill(form.shopName);
    await this.page.getByTestId('merchant-category').selectOption(form.category);
    await this.page.getByTestId('merchant-contact').fill(form.contact);
    await this.page.getByTestId('merchant-licence').setInputFiles(licence);
    await this.page.getByTestId('merchant-submit').click();
    return this.merchantState();
  }

  /** The application's state as /store/merchant shows it (the page is not live: reopen it). */
  async merchantState(): Promise<string> {
    const state = this.page.getByTestId('merchant-state');
    await state.waitFor();
    return (await state.locator('.topup-state').textContent()) ?? '';
  }

  /** Opens the console from the approved application, the way a new seller finds it. */
  async openConsole(): Promise<void> {
    await this.open('/store/merchant');
    await this.page.getByTestId('merchant-open-console').click();
    await this.waitForPath('/seller');
    await this.page.getByTestId('seller-shop').waitFor();
  }

  /** Opens the console's editor on a new product and fills it in, pictures included, unsaved. */
  async fillNewProduct(product: NewProduct): Promise<void> {
    await this.page.getByTestId('seller-add-product').click();
    await this.waitForPath('/seller/product');
    await this.page.getByTestId('product-category').selectOption(product.category);
    await this.page.getByTestId('product-name').fill(product.name);
    await this.page.getByTestId('product-description').fill(product.description);
    for (const [i, spec] of product.specs.entries()) {
      if (i > 0) await this.page.getByTestId('product-add-spec').click();
      const row = this.page.getByTestId('product-spec').nth(i);
      await row.getByLabel('Kind').selectOption(spec.kind);
      await row.getByTestId('product-spec-label').fill(spec.label);
      await row.getByTestId('product-spec-price').fill(spec.price);
      await row.getByTestId('product-spec-stock').fill(spec.stock);
    }
    const pictures = product.pictures ?? [];
    if (pictures.length === 0) return;
    await this.page.getByTestId('product-pictures-input').setInputFiles([...pictures]);
    const thumbnails = this.page.getByTestId('product-pictures').locator('img');
    await until(
      'the chosen pictures',
      () => thumbnails.count(),
      (n) => n === pictures.length,
    );
    // Back to the form's top, where the pictures are, from the last spec typed in.
    await this.page.locator('.screen__body').evaluate((body: { scrollTop: number }) => {
      body.scrollTop = 0;
    });
  }

  /** Saves the open editor, listing the product; answers its id once the console lists it. */
  async saveProduct(name: string): Promise<number> {
    await this.page.getByTestId('product-save').click();
    await this.waitForPath('/seller');
    const link = this.page.getByTestId('seller-product').filter({ hasText: name });
    return Number(new URLSearchParams((await link.getAttribute('href'))?.split('?')[1]).get('id'));
  }

  /** The console's tab (`products`, `orders`, `refunds`…), opened afresh. */
  async consoleTab(tab: string): Promise<void> {
    await this.open('/seller');
    await this.page.getByTestId(`seller-tab-${tab}`).click();
  }

  /** Marks the order shipped from the console's "To ship" tab; answers the toast with its tracking number. */
  async ship(orderNumber: string): Promise<string> {
    await this.consoleTab('orders');
    const row = this.page.getByTestId('seller-order').filter({ hasText: orderNumber });
    return this.toastAfter(() => row.getByTestId('seller-ship').click());
  }

  /**
   * The order's refund on the console's refunds tab in `state` ("requested" to answer, or
   * "returning" with its parcel on the way back), the list reopened until it is there.
   */
  async shopRefund(orderNumber: string, state: 'requested' | 'returning') {
    const row = this.page
      .locator(`[data-testid="seller-refund"][data-state="${state}"]`)
      .filter({ hasText: orderNumber });
    await until(
      `the refund of ${orderNumber} ${state}`,
      async () => {
        await this.consoleTab('refunds');
        await this.page.getByTestId(`seller-refund-state-${state}`).click();
        await this.page
          .locator('[data-testid="seller-refunds"], [data-testid="load-empty"]')
          .first()
          .waitFor();
        return row.count();
      },
      (n) => n > 0,
      60_000,
    );
    return row;
  }
}
