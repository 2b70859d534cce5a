import type { Page } from 'playwright-core';
import { App, recordToasts, until } from './app.ts';

interface Status {
  phase: string;
  tradingDate: string;
  /** Exchange time of the latest data, ms. */
  time: number;
}

/** Continuous trading ends at these Beijing times (minutes of the day): the lunch break and the closing call. */
const CONTINUOUS_ENDS = [11 * 60 + 30, 14 * 60 + 57];
const SHANGHAI_OFFSET_MINUTES = 8 * 60;

/** Market minutes left before continuous trading pauses. */
function minutesOfTradingLeft(status: Status): number {
  const minute = (Math.floor(status.time / 60_000) + SHANGHAI_OFFSET_MINUTES) % 1440;
  const end = CONTINUOUS_ENDS.find((e) => e > minute);
  return end === undefined ? 0 : end - minute;
}

interface QuoteRow {
  symbol: string;
  name: string;
  price: string;
  limitUp: string | null;
}

/** The trading screens as a user sees them: the ticket, positions, orders and fills, the money log. */
export class TradingScreens extends App {
  static override async on(page: Page, baseUrl: string): Promise<TradingScreens> {
    await recordToasts(page);
    return new TradingScreens(page, baseUrl);
  }

  async marketStatus(): Promise<Status> {
    const response = await this.page.request.get(`${this.baseUrl}/api/market/status`);
    return ((await response.json()) as { data: Status }).data;
  }

  /**
   * Waits (up to `ms`) for continuous trading with at least `room` market minutes before it
   * pauses, so an order placed now meets a trading market (the demo clock runs fast); with
   * `after`, on a later trading day than that one. Returns the trading date.
   */
  async waitForTrading({ after = '', room = 30, ms = 600_000 } = {}): Promise<string> {
    const status = await until(
      `trading after ${after || 'now'} with ${room} minutes of room`,
      () => this.marketStatus(),
      (s) => s.tradingDate > after && s.phase === 'continuous' && minutesOfTradingLeft(s) >= room,
      ms,
    );
    return status.tradingDate;
  }

  /** The busiest main-board stock with a price band, not under risk warning, under 100 CNY a share. */
  async tradableSymbol(): Promise<string> {
    const board = await this.page.request.get(`${this.baseUrl}/api/market/board?board=main&sort=turnover`);
    const { symbols } = ((await board.json()) as { data: { symbols: string[] } }).data;
    const quotes = await this.page.request.get(
      `${this.baseUrl}/api/market/quotes?symbols=${symbols.slice(0, 50).join(',')}`,
    );
    const rows = ((await quotes.json()) as { data: QuoteRow[] }).data;
    const pick = rows.find((q) => q.limitUp !== null && !/ST/.test(q.name) && Number(q.price) < 100);
    if (!pick) throw new Error('no tradable main-board stock among the busiest fifty');
    return pick.symbol;
  }

  async openTicket(symbol: string, side: 'buy' | 'sell'): Promise<void> {
    await this.open(`/shares/creatOrder?symbol=${symbol}&side=${side}`);
    await this.page.getByTestId('ticket').waitFor();
  }

  async chooseOrderType(type: 'limit' | 'market'): Promise<void> {
    await this.page.getByTestId(`ticket-type-${type}`).click();
  }

  async enterQuantity(quantity: string): Promise<void> {
    await this.page.getByTestId('ticket-quantity').fill(quantity);
  }

  async useShortcut(id: 'all' | 'half' | 'third' | 'quarter'): Promise<void> {
    await this.page.getByTestId(`ticket-shortcut-${id}`).click();
  }

  quantity(): Promise<string> {
    return this.page.getByTestId('ticket-quantity').inputValue();
  }

  /** What the ticket says is wrong with the order, once it says it. */
  async ticketProblem(): Promise<string | null> {
    const problem = this.page.getByTestId('ticket-problem');
    await problem.waitFor();
    return problem.textContent();
  }

  async capacity(): Promise<string | null> {
    return this.page.getByTestId('ticket-capacity').textContent();
  }

  /** Reviews the order, confirms it, and returns the toast that tells the result. */
  async placeOrder(): Promise<string> {
    const seen = (await this.toastsSeen()).length;
    await this.page.getByTestId('ticket-submit').click();
    await this.page.getByTestId('confirm-order').click();
    const toasts = await until(
      'a result toast after confirming',
      () => this.toastsSeen(),
      (t) => t.length > seen,
      30_000,
      100,
    );
    return toasts.at(-1) ?? '';
  }

  /** Statuses of today's orders under the ticket, newest first. */
  orderStatuses(): Promise<string[]> {
    return this.page.getByTestId('order-status').allTextContents();
  }

  /** Opens /ucenter/holding and reads one position's quantity and sellable quantity. */
  async position(symbol: string): Promise<{ quantity: string; sellable: string }> {
    await this.open('/ucenter/holding');
    const row = this.page.locator(`[data-testid="position-row"][data-symbol="${symbol}"]`);
    await row.waitFor();
    return {
      quantity: (await row.getByTestId('position-quantity').textContent()) ?? '',
      sellable: (await row.getByTestId('position-sellable').textContent()) ?? '',
    };
  }

  /** Opens a position's details from the holdings list; waits for its P&L chart and fills. */
  async openPositionDetail(symbol: string): Promise<number> {
    await this.page.locator(`[data-testid="position-row"][data-symbol="${symbol}"]`).click();
    await this.page.getByTestId('pnl-chart').locator('canvas').first().waitFor();
    await this.page.getByTestId('fill-row').first().waitFor();
    return this.page.getByTestId('fill-row').count();
  }

  /** The money log's lines: type and amount, newest first. */
  async moneyLog(): Promise<{ type: string; amount: string; text: string }[]> {
    await this.open('/personCenter/moneyLog');
    await this.page.getByTestId('money-log-line').first().waitFor();
    return this.page.getByTestId('money-log-line').evaluateAll((lines) =>
      lines.map((line) => ({
        type: line.getAttribute('data-type') ?? '',
        amount: line.querySelector('[data-testid="money-log-amount"]')?.textContent ?? '',
        text: line.textContent ?? '',
      })),
    );
  }

  /** Today's fills on /transaction: code, price and quantity. */
  async todayFills(): Promise<{ symbol: string; price: string; quantity: string }[]> {
    await this.open('/transaction');
    await this.page.getByTestId('transaction-tab-fills').click();
    await this.page.getByTestId('fill-row').first().waitFor();
    return this.page.getByTestId('fill-row').evaluateAll((rows) =>
      rows.map((row) => ({
        symbol: row.getAttribute('data-symbol') ?? '',
        price: row.querySelector('[data-testid="fill-price"]')?.textContent ?? '',
        quantity: row.querySelector('[data-testid="fill-quantity"]')?.textContent ?? '',
      })),
    );
  }

  /** The realised P&L of a closed position in /historyPosition, and the fills its details list. */
  async closedPosition(symbol: string): Promise<{ realisedPnl: string; fills: number }> {
    await this.open('/historyPosition');
    const row = this.page.locator(`[data-testid="history-row"][data-symbol="${symbol}"]`).first();
    await row.waitFor();
    const realisedPnl = (await row.getByTestId('history-realisedPnl').textContent()) ?? '';
    await row.click();
    await this.page.getByTestId('history-detail').waitFor();
    await this.page.getByTestId('fill-row').first().waitFor();
    return { realisedPnl, fills: await this.page.getByTestId('fill-row').count() };
  }
}
