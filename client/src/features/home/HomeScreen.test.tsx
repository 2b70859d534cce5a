import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { breadthOf, FakeMarketSocket, indexQuoteOf } from '../../test/fakeMarketSocket.ts';
import { callsTo, fakeApi } from '../../test/fixtures.ts';
import { linesAt as at, indexLinesApi, morningIndexQuotes } from '../../test/indexFixtures.ts';
import { renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { resetMarketConnection } from '../market/data/market.ts';

const pointsOf = (card: HTMLElement) =>
  within(card).getByTestId('sparkline').querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];

describe('HomeScreen market cards', () => {
  let socket: FakeMarketSocket;

  beforeEach(() => {
    resetSession();
    // Made here, not by the factory, so a test never finds the previous test's socket.
    socket = new FakeMarketSocket();
    resetMarketConnection(() => socket);
  });

  it('shows each index live, with a line of its day that the quotes extend', async () => {
    const api = fakeApi(indexLinesApi);
    const router = renderApp('/home');
    await settlesAt(router, '/home');
    const card = await screen.findByTestId('index-sh000001');
    expect(card.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(socket.connects).toBe(1));
    act(() => socket.open());
    await waitFor(() => expect(socket.sent('indices:subscribe')).toHaveLength(1));
    act(() => socket.sent('indices:subscribe')[0]?.ack?.({ ok: true, data: morningIndexQuotes() }));
    await waitFor(() => expect(within(card).getByText('3004.50')).toBeTruthy());
    expect(within(card).getByText('+4.50 +0.15%')).toBeTruthy();
    expect(card.className).toContain('price-up');
    expect(screen.getByTestId('index-sz399006').className).toContain('price-down');
    expect(callsTo(api, 'GET /market/intraday')).toHaveLength(3);
    await waitFor(() => expect(pointsOf(card)).toHaveLength(2));

    // A quote in the next minute adds a point to the line, without asking the server again.
    act(() =>
      socket.serverSends('indices', [
        indexQuoteOf('sh000001', {
          value: '3006.00',
          change: '6.00',
          pct: '0.20',
          time: at('09:32') + 5_000,
          seq: 3,
        }),
      ]),
    );
    await waitFor(() => expect(within(card).getByText('3006.00')).toBeTruthy());
    expect(pointsOf(card)).toHaveLength(3);
    expect(callsTo(api, 'GET /market/intraday')).toHaveLength(3);
  });

  it('shows the breadth the server counts, live, without asking the REST API', async () => {
    const api = fakeApi({});
    const router = renderApp('/home');
    await settlesAt(router, '/home');
    const card = await screen.findByTestId('breadth');
    expect(within(card).queryByTestId('breadth-up')).toBeNull();
    expect(within(card).getByRole('link', { name: 'More' }).getAttribute('href')).toBe('/homedetail');
    await waitFor(() => expect(socket.connects).toBe(1));
    act(() => socket.open());
    await waitFor(() => expect(socket.sent('breadth:subscribe')).toHaveLength(1));
    act(() => socket.sent('breadth:subscribe')[0]?.ack?.({ ok: true, data: breadthOf() }));
    await waitFor(() => expect(within(card).getByTestId('breadth-up').textContent).toBe('Up 2400'));
    expect(within(card).getByTestId('breadth-flat').textContent).toBe('Flat 200');
    expect(within(card).getByTestId('breadth-down').textContent).toBe('Down 2400');
    expect(within(card).getByTestId('breadth-limit-up').textContent).toBe('Limit up 30');
    expect(within(card).getByTestId('breadth-limit-down').getAttribute('href')).toBe('/dayStop');

    act(() => socket.serverSends('breadth', breadthOf({ up: 2_500, down: 2_300, limitDown: 12, ts: 2_000 })));
    await waitFor(() => expect(within(card).getByTestId('breadth-up').textContent).toBe('Up 2500'));
    expect(within(card).getByTestId('breadth-limit-down').textContent).toBe('Limit down 12');
    expect(callsTo(api, 'GET /market/board')).toEqual([]);
    expect(callsTo(api, 'GET /market/breadth')).toEqual([]);
  });
});
