import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../test/fakeMarketSocket.ts';
import { mergeQuote } from '../market/data/marketStore.ts';
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
});
