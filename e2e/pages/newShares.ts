import type { Page } from 'playwright-core';
import { recordToasts, until } from './app.ts';
import { BackOfficeScreens } from './backoffice.ts';

/** A new share's screens as a newcomer goes through them: the calendar, the detail's Subscribe, the record, the sale. */
export class NewShareScreens extends BackOfficeScreens {
  static override async on(page: Page, baseUrl: string): Promise<NewShareScreens> {
    await recordToasts(page);
    return new NewShareScreens(page, baseUrl);
  }

  /** Waits until the market's stored day bars reach back `days` trading days (the feed's backfill at start). */
  async waitForHistory(days: number, ms = 120_000): Promise<void> {
    await until(
      `${days} days of history`,
      async () => {
        const response = await this.page.request.get(
          `${this.baseUrl}/api/market/kline?symbol=sh000001&period=day&limit=${days}`,
        );
        return response.ok()
          ? ((await response.json()) as { data: { bars: unknown[] } }).data.bars.length
          : 0;
      },
      (bars) => bars >= days,
      ms,
    );
  }

  /** The first issue under New shares → Today that is open for subscription, once there is one. */
  async openIssueToday(ms = 300_000): Promise<string> {
    const open = this.page.locator('[data-testid="ipo-row"]', {
      has: this.page.locator('.ipo-status--subscribing'),
    });
    await until(
      'an issue open for subscription',
      async () => {
        await this.open('/shares/new');
        await this.page.locator('[data-testid="ipo-row"], [data-testid="ipo-empty"]').first().waitFor();
        return open.count();
      },
      (count) => count > 0,
      ms,
      2_000,
    );
    const code = (await open.first().getAttribute('data-code')) ?? '';
    await open.first().click();
    await this.page.getByTestId('ipo-quota').waitFor();
    return code;
  }

  /** On an issue's detail: the quota it shows and whether Subscribe can be pressed. */
  async subscribeOffer(): Promise<{ mayBuy: string; average: string; enabled: boolean }> {
    const button = this.page.getByTestId('ipo-subscribe');
    await button.waitFor();
    return {
      mayBuy: (await this.page.getByTestId('ipo-quota').textContent()) ?? '',
      average: (await this.page.getByTestId('ipo-average').textContent()) ?? '',
      enabled: await button.isEnabled(),
    };
  }

  /** One figure of the subscription's record on /ucenter/shengou (sub-numbers, sub-won, sub-paid…), or null. */
  async subscriptionFigure(code: string, testId: string): Promise<string | null> {
    await this.open('/ucenter/shengou');
    const record = this.page.locator(`[data-testid="ipo-record"][data-code="${code}"]`);
    await record.waitFor();
    const figure = record.getByTestId(testId);
    return (await figure.count()) > 0 ? figure.textContent() : null;
  }

  /**
   * Sells every sellable share with a limit order a little under the last price, which the book
   * takes at once or the next trades through it do (a new listing has no band for market orders).
   */
  async sellAll(symbol: string): Promise<string> {
    await this.openTicket(symbol, 'sell');
    const last = Number(await this.page.getByTestId('ticket-price').inputValue());
    await this.page.getByTestId('ticket-price').fill((Math.floor(last * 99) / 100).toFixed(2));
    await this.useShortcut('all');
    return this.placeOrder();
  }
}
