import type { Book } from '@bourse/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.ts';
import { snapshotOf } from '../../test/fakeMarketSocket.ts';
import { mergeQuote, useMarketStore } from '../market/data/marketStore.ts';
import { ChartReadout } from './charts/ChartReadout.tsx';
import { OrderBook } from './OrderBook.tsx';
import { StockHeader } from './StockHeader.tsx';

function renderHeader(symbol: string) {
  render(<StockHeader symbol={symbol} quote={mergeQuote(undefined, snapshotOf(symbol))} />);
}

/** A book of one level a side for `symbol`. */
function setBook(symbol: string, bid: Book['bids'][number], ask: Book['asks'][number]) {
  useMarketStore.setState({
    books: { [symbol]: { symbol, bids: [bid], asks: [ask], indicative: null, ts: 1, seq: 1 } },
  });
}

describe('StockHeader', () => {
  it('labels a stock of the simulated code blocks "Simulated", with why', () => {
    renderHeader('604000');
    const badge = screen.getByTestId('stock-simulated');
    expect(badge.textContent).toBe('Simulated');
    expect(badge.getAttribute('title')).toContain('invented company');
  });

  it.each(['600000', '510300'])('puts no label on a real code or a fund: %s', (symbol) => {
    renderHeader(symbol);
    expect(screen.getByTestId('stock-header')).toBeTruthy();
    expect(screen.queryByTestId('stock-simulated')).toBeNull();
  });

  describe('the day figures under the price', () => {
    afterEach(() => useMarketStore.setState({ books: {} }));
    const figure = (key: string) => screen.getByTestId(`stock-stat-${key}`).querySelector('dd')?.textContent;

    it('shows amplitude, volume ratio, the book balance, P/E and market cap', () => {
      setBook('604000', { price: '10.49', volume: 30_000 }, { price: '10.50', volume: 10_000 });
      const quote = mergeQuote(
        undefined,
        snapshotOf('604000', { price: '10.50', high: '10.60', low: '9.90', volume: 600_000 }),
      );
      render(
        <StockHeader
          symbol="604000"
          quote={quote}
          fundamentals={{
            eps: '0.5250',
            totalShares: 2_000_000_000,
            pastDays: Array.from({ length: 5 }, () => ({ volume: 2_400_000 })),
            minutesElapsed: 30,
          }}
        />,
      );
      expect(figure('amplitude')).toBe('7.00%');
      expect(figure('volumeRatio')).toBe('2.00');
      expect(figure('imbalance')).toBe('+50.00%');
      expect(figure('bidAskDifference')).toBe('+200 lots');
      expect(figure('pe')).toBe('20.00');
      expect(figure('marketCap')).toBe('21.00B');
    });

    it('says loss for a loss-making company and dashes what it has no data for', () => {
      render(
        <StockHeader
          symbol="604000"
          quote={mergeQuote(undefined, snapshotOf('604000'))}
          fundamentals={{ eps: '-0.1000', pastDays: [], minutesElapsed: 30 }}
        />,
      );
      expect(figure('pe')).toBe('Loss');
      expect(figure('marketCap')).toBe('—');
      expect(figure('volumeRatio')).toBe('—');
      expect(figure('imbalance')).toBe('—');
    });
  });

  describe("prices in the reader's language", () => {
    afterEach(async () => {
      useMarketStore.setState({ books: {} });
      await applyLocale('en');
    });

    it('writes every price and change of the page with a decimal comma in French, ungrouped', async () => {
      await applyLocale('fr');
      setBook('600519', { price: '1679.99', volume: 300 }, { price: '1680.00', volume: 100 });
      const quote = mergeQuote(
        undefined,
        snapshotOf('600519', {
          price: '1680.00',
          change: '-12.30',
          pct: '-0.73',
          open: '1692.30',
          prevClose: '1692.30',
          limitUp: '1861.53',
          limitDown: '1523.07',
        }),
      );
      render(
        <>
          <StockHeader symbol="600519" quote={quote} />
          <OrderBook symbol="600519" prevClose="1692.30" />
          <ChartReadout
            readout={{
              time: 0,
              open: '1692.30',
              high: '1700.00',
              low: '1675.50',
              close: '1680.00',
              changePct: '-0.73',
              volume: 100,
            }}
            period="day"
          />
        </>,
      );
      expect(screen.getByTestId('stock-price').textContent).toBe('1680,00');
      expect(screen.getByTestId('stock-change').textContent).toBe('-12,30');
      expect(screen.getByTestId('stock-pct').textContent).toBe('-0,73\u00a0%');
      const figure = (key: string) =>
        screen.getByTestId(`stock-stat-${key}`).querySelector('dd')?.textContent;
      expect([figure('open'), figure('prevClose'), figure('limitUp'), figure('limitDown')]).toEqual([
        '1692,30',
        '1692,30',
        '1861,53',
        '1523,07',
      ]);
      expect(screen.getByTestId('book-ask-1').querySelector('.book__price')?.textContent).toBe('1680,00');
      expect(screen.getByTestId('book-bid-1').querySelector('.book__price')?.textContent).toBe('1679,99');
      expect(screen.getByTestId('chart-readout').textContent).toContain('1675,50');
      expect(screen.getByTestId('chart-readout').textContent).not.toContain('1675.50');
    });
  });
});
