import type { Page } from 'playwright-core';
import { recordToasts, until } from './app.ts';
import { BackOfficeScreens } from './backoffice.ts';

/**
 * Notes every alert banner the page shows with the path it shows on: a banner lasts 8 s, which a
 * loaded CI machine can spend between two screens and the moment a test looks. Page code.
 */
const RECORD_BANNERS = `
  window.bourseBanners = [];
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="alert-banner"]')?.textContent;
    const seen = text && location.pathname + ' ' + text;
    if (seen && window.bourseBanners.at(-1) !== seen) window.bourseBanners.push(seen);
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

export interface AlertRow {
  condition: string;
  meta: string;
  switchedOn: boolean;
}

/** How Bourse reaches the user, as the user and as staff see it: price alerts and the customer-service chat. */
export class ReachScreens extends BackOfficeScreens {
  static override async on(page: Page, baseUrl: string): Promise<ReachScreens> {
    await recordToasts(page);
    await page.addInitScript(RECORD_BANNERS);
    return new ReachScreens(page, baseUrl);
  }

  // ── price alerts ──────────────────────────────────────

  /** Opens the stock's page and answers its live price once it shows one. */
  async openStockPrice(symbol: string): Promise<string> {
    await this.open(`/stockInfo/${symbol}`);
    const price = this.page.getByTestId('stock-price');
    await price.waitFor();
    return (await price.textContent()) ?? '';
  }

  /** Sets a one-shot alert from the open stock page's bell; answers the toast. */
  async setPriceAlert(kind: 'above' | 'below', level: string): Promise<string> {
    await this.page.getByTestId('alert-open').click();
    const sheet = this.page.getByTestId('alert-sheet');
    await sheet.getByTestId(`alert-kind-${kind}`).click();
    await sheet.getByTestId('alert-level').fill(level);
    return this.toastAfter(() => sheet.getByTestId('alert-save').click());
  }

  /**
   * Leaves the stock page by its Trade button and goes on to Me by the tab bar, without
   * reloading (the banner shows at the top, over the back button, and the bottom stays free).
   */
  async tradeThenGoToMe(): Promise<void> {
    await this.page.getByTestId('trade').click();
    await this.waitForPath('/trade');
    await this.page.getByTestId('tab-my').click();
    await this.waitForPath('/my');
  }

  /** The text of the first alert banner shown over the screen at `path`, once one is. */
  async alertBannerOn(path: string): Promise<string> {
    const seen = await until(
      `an alert banner on ${path}`,
      () => this.page.evaluate('window.bourseBanners ?? []') as Promise<string[]>,
      (banners) => banners.some((b) => b.startsWith(`${path} `)),
      60_000,
      250,
    );
    return seen.find((b) => b.startsWith(`${path} `))?.slice(path.length + 1) ?? '';
  }

  /** The alerts as Me's list shows them. */
  async priceAlerts(): Promise<AlertRow[]> {
    await this.open('/my');
    await this.page.getByTestId('my-link-priceAlerts').click();
    await this.waitForPath('/my/alerts');
    const rows = this.page.locator('.alert-row');
    await rows.first().waitFor();
    const read: AlertRow[] = [];
    for (const row of await rows.all()) {
      read.push({
        condition: (await row.locator('.alert-row__condition').textContent()) ?? '',
        meta: (await row.locator('.alert-row__meta').textContent()) ?? '',
        switchedOn: await row.getByTestId('alert-toggle').isChecked(),
      });
    }
    return read;
  }

  // ── customer service, the user's side ─────────────────

  async openCustomerService(): Promise<void> {
    await this.open('/my');
    await this.page.getByTestId('my-link-customerService').click();
    await this.waitForPath('/customerService');
    await this.page.getByTestId('chat-input').waitFor();
  }

  /** Types a message and sends it; answers once it stands in the log. */
  async sendChatMessage(text: string): Promise<void> {
    await this.page.getByTestId('chat-input').fill(text);
    await this.page.getByTestId('chat-send').click();
    await this.chatMessage(text).waitFor();
  }

  /** The log's message with `text` (the desk's log when a conversation is open there). */
  chatMessage(text: string) {
    return this.page.getByTestId('chat-message').filter({ hasText: text });
  }

  /** The chat's messages in order, each as "Who: text" (the log names the author for screen readers). */
  async chatLog(): Promise<string[]> {
    return this.page
      .getByTestId('chat-message')
      .evaluateAll((items) =>
        items.map(
          (m) =>
            `${m.querySelector('.visually-hidden')?.textContent} ${m.querySelector('.chat-message__text')?.textContent}`,
        ),
      );
  }

  /** The receipt under the reader's own last message: "Sent" or "Read". */
  async receipt(): Promise<string> {
    return (await this.page.getByTestId('chat-receipt').textContent())?.replace('·', '').trim() ?? '';
  }

  // ── customer service, the desk ────────────────────────

  /** Opens the user's conversation from the desk's queue of unassigned ones, live as it comes in. */
  async openConversationOf(account: string): Promise<void> {
    const shown = await this.openBackOffice();
    if (shown !== 'desk') throw new Error(`the back office refused: ${shown}`);
    const desk = this.page.getByTestId('support-desk');
    await desk.getByTestId('desk-conversation').filter({ hasText: account }).click();
    await desk.getByTestId('desk-open').waitFor();
  }

  /** Takes the open conversation; answers the header once it names the agent. */
  async takeConversation(agent: string): Promise<string> {
    const open = this.page.getByTestId('desk-open');
    await open.getByTestId('desk-take').click();
    await open.locator('.desk-conversation__head', { hasText: agent }).waitFor();
    await open.getByTestId('desk-take').waitFor({ state: 'detached' });
    return (await open.locator('.desk-conversation__head').textContent()) ?? '';
  }
}
