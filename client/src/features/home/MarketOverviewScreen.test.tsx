import type { RankEvent, RankRow } from '@bourse/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { breadthOf, FakeMarketSocket, indexQuoteOf } from '../../test/fakeMarketSocket.ts';
import { callsTo, fakeApi } from '../../test/fixtures.ts';
import { linesAt as at, indexLinesApi, LINES_DAY, morningIndexQuotes } from '../../test/indexFixtures.ts';
import { renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { resetMarketConnection } from '../market/data/market.ts';
import { OVERVIEW_ROWS } from './MarketOverviewScreen.tsx';

const rowOf = (symbol: string, pct: string): RankRow => ({
  symbol,
  name: `Name ${symbol}`,
  price: '10.00',
  pct,
  turnover: '1000000.00',
  turnoverRate: '1.00',
});

/** Twelve rows, two more than the screen shows: 604001 +9.90% down to 604012 +8.80% (losers: negated). */
function rankOf(list: 'gainers' | 'losers', overrides: Partial<RankEvent> = {}): RankEvent {
  const sign = list === 'gainers' ? '' : '-';
  const first = list === 'gainers' ? 604_001 : 604_101;
  return {
    list,
    tradingDate: LINES_DAY,
    rows: Array.from({ length: 12 }, (_, i) =>
      rowOf(String(first + i), `${sign}${(9.9 - i * 0.1).toFixed(2)}`),
    ),
    ts: 1_000,
    seq: 1,
    ...overrides,
  };
}

const rowsOf = (list: string) => within(screen.getByTestId(`hot-${list}`)).queryAllByTestId('hot-row');

describe('MarketOverviewScreen', () => {
  let socket: FakeMarketSocket;

  beforeEach(() => {
    resetSession();
    socket = new FakeMarketSocket();
    resetMarketConnection(() => socket);
  });

  /** Opens /homedetail and the socket; resolves once the screen has asked for its streams. */
  async function open() {
    const router = renderApp('/homedetail');
    await settlesAt(router, '/homedetail');
    await screen.findByTestId('market-overview');
    await waitFor(() => expect(socket.connects).toBe(1));
    act(() => socket.open());
    await waitFor(() => expect(socket.sent('rank:subscribe')).toHaveLength(2));
    await waitFor(() => expect(socket.sent('breadth:subscribe')).toHaveLength(1));
    return router;
  }

  const ackRank = (list: 'gainers' | 'losers', event: RankEvent) =>
    socket
      .sent('rank:subscribe')
      .find((e) => (e.payload as { list: string }).list === list)
      ?.ack?.({ ok: true, data: event });

  it('shows the indices, the breadth and the top gainers and losers from the socket, and follows new frames', async () => {
    const api = fakeApi(indexLinesApi);
    await open();
    // Only what the screen shows is streamed: no quotes, no book.
    expect(socket.sent('rank:subscribe').map((e) => e.payload)).toEqual([
      { list: 'gainers' },
      { list: 'losers' },
    ]);
    expect(socket.sent('indices:subscribe')).toHaveLength(1);
    expect(socket.sent('quotes:subscribe')).toEqual([]);
    expect(socket.sent('book:subscribe')).toEqual([]);

    act(() => {
      socket.sent('indices:subscribe')[0]?.ack?.({ ok: true, data: morningIndexQuotes() });
      socket.sent('breadth:subscribe')[0]?.ack?.({ ok: true, data: breadthOf() });
      ackRank('gainers', rankOf('gainers'));
      ackRank('losers', rankOf('losers'));
    });

    const sse = screen.getByTestId('index-sh000001');
    await waitFor(() => expect(within(sse).getByText('3004.50')).toBeTruthy());
    expect(within(sse).getByText('+4.50 +0.15%')).toBeTruthy();
    expect(sse.className).toContain('price-up');
    expect(screen.getByTestId('index-sz399006').className).toContain('price-down');
    await waitFor(() => expect(within(sse).getByTestId('sparkline')).toBeTruthy());
    expect(callsTo(api, 'GET /market/intraday')).toHaveLength(3);

    const breadth = screen.getByTestId('breadth');
    expect(within(breadth).getByTestId('breadth-up').textContent).toBe('Up 2400');
    expect(within(breadth).getByTestId('breadth-flat').textContent).toBe('Flat 200');
    expect(within(breadth).getByTestId('breadth-down').textContent).toBe('Down 2400');
    expect(within(breadth).getByTestId('breadth-total').textContent).toBe('Total 5000');
    expect(within(breadth).getByTestId('breadth-limit-up').getAttribute('href')).toBe('/dayUpStop');
    expect(within(breadth).getByTestId('breadth-limit-down').getAttribute('href')).toBe('/dayStop');
    expect(within(breadth).getByTestId('breadth-limit-down').textContent).toBe('Limit down 10');

    const gainers = rowsOf('gainers');
    expect(gainers).toHaveLength(OVERVIEW_ROWS);
    expect(gainers[0]?.getAttribute('href')).toBe('/stockInfo/604001');
    expect(gainers[0]?.textContent).toContain('+9.90%');
    expect(gainers.at(-1)?.dataset.symbol).toBe('604010');
    expect(within(gainers[0] as HTMLElement).getByText('+9.90%').className).toContain('price-up');
    const losers = rowsOf('losers');
    expect(losers).toHaveLength(OVERVIEW_ROWS);
    expect(losers[0]?.getAttribute('href')).toBe('/stockInfo/604101');
    expect(within(losers[0] as HTMLElement).getByText('-9.90%').className).toContain('price-down');

    // The next frames: a new leader, an index move, a breadth change.
    act(() => {
      socket.serverSends(
        'rank',
        rankOf('gainers', { rows: [rowOf('303750', '20.00'), ...rankOf('gainers').rows], ts: 2_000, seq: 2 }),
      );
      socket.serverSends('indices', [
        indexQuoteOf('sh000001', {
          value: '2990.00',
          change: '-10.00',
          pct: '-0.33',
          time: at('09:32') + 5_000,
          seq: 3,
        }),
      ]);
      socket.serverSends('breadth', breadthOf({ up: 2_000, down: 2_800, limitUp: 25, ts: 2_000 }));
    });
    await waitFor(() => expect(rowsOf('gainers')[0]?.dataset.symbol).toBe('303750'));
    expect(rowsOf('gainers')).toHaveLength(OVERVIEW_ROWS);
    expect(rowsOf('gainers')[0]?.textContent).toContain('+20.00%');
    expect(rowsOf('losers')[0]?.dataset.symbol).toBe('604101');
    await waitFor(() => expect(within(sse).getByText('2990.00')).toBeTruthy());
    expect(sse.className).toContain('price-down');
    expect(within(breadth).getByTestId('breadth-up').textContent).toBe('Up 2000');
    expect(within(breadth).getByTestId('breadth-limit-up').textContent).toBe('Limit up 25');
  });

  it('says so when a list is empty', async () => {
    fakeApi({});
    await open();
    act(() => {
      ackRank('gainers', rankOf('gainers', { rows: [] }));
      ackRank('losers', rankOf('losers'));
    });
    await waitFor(() => expect(rowsOf('losers')).toHaveLength(OVERVIEW_ROWS));
    expect(rowsOf('gainers')).toEqual([]);
    expect(within(screen.getByTestId('hot-gainers')).getByText('No stock is up yet today.')).toBeTruthy();
  });

  it('lets go of its streams when the screen closes', async () => {
    fakeApi({});
    const router = await open();
    await waitFor(() => expect(socket.sent('indices:subscribe')).toHaveLength(1));
    await act(() => router.navigate('/tradingRules'));
    await settlesAt(router, '/tradingRules');
    await waitFor(() =>
      expect(socket.sent('rank:unsubscribe').map((e) => e.payload)).toEqual(
        expect.arrayContaining([{ list: 'gainers' }, { list: 'losers' }]),
      ),
    );
    expect(socket.sent('rank:unsubscribe')).toHaveLength(2);
    await waitFor(() => expect(socket.sent('indices:unsubscribe')).toHaveLength(1));
    expect(socket.sent('breadth:unsubscribe')).toHaveLength(1);
  });
});
