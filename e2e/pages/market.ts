import type { Page, WebSocket } from 'playwright-core';
import { expect, vi } from 'vitest';
import { App } from './app.ts';

/**
 * What the page asked the /market namespace to stream, read from the WebSocket frames it sent
 * (Socket.IO packets `42/market,<ack id>["quotes:subscribe",{"symbols":[…]}]`).
 */
export class MarketWire {
  readonly subscribed = new Set<string>();
  readonly everSubscribed = new Set<string>();
  readonly unsubscribed = new Set<string>();

  constructor(page: Page) {
    page.on('websocket', (socket: WebSocket) => {
      socket.on('framesent', ({ payload }) => this.read(String(payload)));
    });
  }

  private read(frame: string): void {
    const match = /^42\/market,\d*(\[.*\])$/s.exec(frame);
    if (!match?.[1]) return;
    const [event, body] = JSON.parse(match[1]) as [string, { symbols?: string[] }];
    for (const symbol of body?.symbols ?? []) {
      if (event === 'quotes:subscribe') {
        this.subscribed.add(symbol);
        this.everSubscribed.add(symbol);
      } else if (event === 'quotes:unsubscribe') {
        this.subscribed.delete(symbol);
        this.unsubscribed.add(symbol);
      }
    }
  }
}

/** The market screens as a user sees them. */
export class MarketScreens extends App {
  readonly wire: MarketWire;

  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
    this.wire = new MarketWire(page);
  }

  /** Waits (up to `ms`) until the server says the market is in continuous trading. */
  async waitForTrading(ms = 240_000): Promise<void> {
    await vi.waitFor(
      async () => {
        const response = await this.page.request.get(`${this.baseUrl}/api/market/status`);
        const body = (await response.json()) as { data?: { phase?: string } };
        expect(body.data?.phase, 'the market phase').toBe('continuous');
      },
      { timeout: ms, interval: 500 },
    );
  }

  async openMarket(): Promise<void> {
    await this.open('/market');
    await this.page.getByTestId('quote-row').first().waitFor();
  }

  /** Sorts the list and waits for the server-sorted rows. */
  async sortBy(column: 'price' | 'pct' | 'turnover'): Promise<void> {
    const sorted = this.page.waitForResponse(
      (r) => r.url().includes(`/api/market/board`) && r.url().includes(`sort=${column}`),
    );
    await this.page.getByTestId(`sort-${column}`).click();
    await sorted;
    await this.page.getByTestId('quote-row').first().waitFor();
  }

  /** Waits until the rows on screen show their quotes (names and prices arrived). */
  async waitForQuotes(ms = 30_000): Promise<void> {
    await vi.waitFor(
      async () => {
        const visible = await this.visibleSymbols();
        const prices = await this.rowPrices();
        expect(visible.length, 'rows on screen').toBeGreaterThan(0);
        expect(
          visible.filter((s) => (prices.get(s) ?? '—') === '—'),
          'rows without a quote',
        ).toEqual([]);
      },
      { timeout: ms, interval: 250 },
    );
  }

  /** Code → price text of the rows mounted now. */
  async rowPrices(): Promise<Map<string, string>> {
    const rows = await this.page
      .getByTestId('quote-row')
      .evaluateAll((elements) =>
        elements.map((el) => [
          el.getAttribute('data-symbol') ?? '',
          el.querySelector('[data-testid="quote-price"]')?.textContent ?? '',
        ]),
      );
    return new Map(rows as [string, string][]);
  }

  /** Rows the list has in the DOM (visible plus overscan). */
  mountedRows(): Promise<number> {
    return this.page.getByTestId('quote-row').count();
  }

  /** Codes of the rows inside the list's viewport. */
  visibleSymbols(): Promise<string[]> {
    return this.page.getByTestId('quote-list').evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.querySelectorAll('[data-testid="quote-row"]')]
        .filter((row) => {
          const r = row.getBoundingClientRect();
          return r.bottom > box.top && r.top < box.bottom;
        })
        .map((row) => row.getAttribute('data-symbol') ?? '');
    });
  }

  async scrollListBy(pixels: number): Promise<void> {
    await this.page.getByTestId('quote-list').evaluate((list, by) => list.scrollBy(0, by), pixels);
  }

  /** Waits until a mounted row shows another price than it first showed; returns its code. */
  async waitForPriceChange(ms = 30_000): Promise<string> {
    const first = new Map<string, string>();
    return vi.waitFor(
      async () => {
        let changed: string | undefined;
        for (const [symbol, price] of await this.rowPrices()) {
          if (price === '—') continue;
          const was = first.get(symbol);
          if (was === undefined) first.set(symbol, price);
          else if (was !== price) changed ??= symbol;
        }
        if (changed === undefined) throw new Error('no price changed on screen');
        return changed;
      },
      { timeout: ms, interval: 250 },
    );
  }

  async openStock(symbol: string, chart: 'intraday' | 'kline' = 'intraday'): Promise<void> {
    await this.open(`/stockInfo/${symbol}${chart === 'kline' ? '?chart=kline' : ''}`);
    await this.page.getByTestId('stock-price').waitFor();
  }

  async showChart(mode: 'intraday' | 'kline'): Promise<void> {
    await this.page.getByTestId(`chart-mode-${mode}`).click();
  }

  /**
   * Waits until the chart has drawn: a canvas of it with pixels in a colour other than the
   * background (a drawn line or candle, not an empty grid).
   */
  async waitForDrawnChart(testId: 'intraday-chart' | 'kline-chart', ms = 20_000): Promise<number> {
    const chart = this.page.getByTestId(testId);
    await chart.getByTestId('chart-canvas').locator('canvas').first().waitFor({ timeout: ms });
    return vi.waitFor(
      async () => {
        const coloured = await chart.evaluate((root) => {
          let count = 0;
          for (const canvas of root.querySelectorAll('canvas')) {
            if (canvas.width === 0 || canvas.height === 0) continue;
            const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
            if (!pixels) continue;
            for (let i = 0; i < pixels.length; i += 4) {
              const [r = 0, g = 0, b = 0, a = 0] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]];
              // Saturated pixels: the price line, candles, volume bars; grid and text are grey.
              if (a > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 80) count++;
            }
          }
          return count;
        });
        expect(coloured, `${testId}: coloured pixels drawn`).toBeGreaterThan(200);
        return coloured;
      },
      { timeout: ms, interval: 500 },
    );
  }

  /** The rows of a ranking list screen: code and the price shown. */
  async rankRows(): Promise<{ symbol: string; price: string }[]> {
    await this.page.getByTestId('rank-row').first().waitFor({ timeout: 240_000 });
    return this.page.getByTestId('rank-row').evaluateAll((rows) =>
      rows.map((row) => ({
        symbol: row.getAttribute('data-symbol') ?? '',
        price: row.querySelector('[data-testid="rank-price"]')?.textContent ?? '',
      })),
    );
  }

  /** Today's limit-up prices of these codes, from the quotes API. */
  async limitUpOf(symbols: readonly string[]): Promise<Map<string, string | null>> {
    const response = await this.page.request.get(
      `${this.baseUrl}/api/market/quotes?symbols=${symbols.join(',')}`,
    );
    const body = (await response.json()) as { data: { symbol: string; limitUp: string | null }[] };
    return new Map(body.data.map((q) => [q.symbol, q.limitUp]));
  }
}
