import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotOf } from '../../test/fakeMarketSocket.ts';
import { mergeQuote, useMarketStore } from '../market/data/marketStore.ts';
import { StockHeader } from './StockHeader.tsx';

function renderHeader(symbol: string) {
  render(<StockHeader symbol={symbol} quote={mergeQuote(undefined, snapshotOf(symbol))} />);
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
      useMarketStore.setState({
        books: {
          '604000': {
            symbol: '604000',
            bids: [{ price: '10.49', volume: 30_000 }],
            asks: [{ price: '10.50', volume: 10_000 }],
            indicative: null,
            ts: 1,
            seq: 1,
          },
        },
      });
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
});
