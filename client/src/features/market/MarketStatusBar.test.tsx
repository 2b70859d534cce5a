import { MARKET_PROTOCOL_VERSION } from '@bourse/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { resetMarketConnection } from './data/market.ts';
import { useMarketStore } from './data/marketStore.ts';

// A 906 s demo day whose cycle 0 (Friday 2026-07-10) began at ANCHOR: 100 s in it is 09:33:20.
const ANCHOR = Date.parse('2026-07-10T00:00:00Z');

describe('the status strip', () => {
  beforeEach(() => {
    resetSession();
    resetMarketConnection(() => new FakeMarketSocket());
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(ANCHOR + 100_000);
  });
  afterEach(() => vi.useRealTimers());

  it("shows the market's date and time, the real time to the next phase and the pace, ticking", async () => {
    const router = renderApp('/search/search');
    await settlesAt(router, '/search/search');
    act(() =>
      useMarketStore.setState({
        status: {
          protocol: MARKET_PROTOCOL_VERSION,
          phase: 'continuous',
          tradingDate: '2026-07-10',
          simulated: true,
          time: ANCHOR,
          clock: { anchor: ANCHOR, firstDate: '2026-07-10', cycleMs: 906_000 },
        },
      }),
    );
    expect((await screen.findByTestId('market-clock')).textContent).toBe('2026-07-10 09:33');
    // Lunch at 450 s: 350 real seconds away.
    expect(screen.getByTestId('market-next-phase').textContent).toBe('Lunch break in 5:50');
    expect(screen.getByTestId('market-simulated').textContent).toBe(
      'Simulated market: one trading day every 15 min',
    );
    expect(screen.getByTestId('market-simulated').getAttribute('href')).toBe('/marketClock');
    // Three real seconds are a market minute at 20×.
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('market-clock').textContent).toBe('2026-07-10 09:34');
    expect(screen.getByTestId('market-next-phase').textContent).toBe('Lunch break in 5:47');
  });
});
