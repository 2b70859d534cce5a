import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeMarketSocket, snapshotOf } from '../../test/fakeMarketSocket.ts';
import { fakeApi, ok } from '../../test/fixtures.ts';
import { renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { resetMarketConnection } from './data/market.ts';
import { STREAM_PAGE } from './list/streamWindow.ts';
import { ROW_HEIGHT } from './MarketScreen.tsx';

const CODES = Array.from({ length: 500 }, (_, i) => String(604000 + i));
const VIEWPORT = 10 * ROW_HEIGHT;

/** jsdom has no layout: the list is ten rows high, everything else has no size. */
function giveTheListAHeight(): () => void {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'quote-list' ? VIEWPORT : 0;
    },
  });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  };
}

const symbolsOf = (socket: FakeMarketSocket, event: string) =>
  socket.sent(event).flatMap((e) => (e.payload as { symbols: string[] }).symbols);

describe('MarketScreen', () => {
  let socket: FakeMarketSocket;
  let restoreLayout: () => void;

  beforeEach(() => {
    resetSession();
    restoreLayout = giveTheListAHeight();
    // Each test waits for the socket of its own connection, not the last test's.
    socket = undefined as unknown as FakeMarketSocket;
    resetMarketConnection(() => {
      socket = new FakeMarketSocket();
      return socket;
    });
    fakeApi({ 'GET /market/board': ok({ symbols: CODES, ts: 1 }) });
  });
  afterEach(() => restoreLayout());

  it('streams the rows on screen and a page either side, and follows the scroll', async () => {
    const router = renderApp('/market');
    await settlesAt(router, '/market');
    await screen.findAllByTestId('quote-row');
    await waitFor(() => expect(socket).toBeDefined());
    act(() => socket.open());

    // Ten rows fill the viewport (plus overscan, rendered): their page and the next stream.
    const firstScreen = CODES.slice(0, 3 * STREAM_PAGE);
    await waitFor(() => expect(symbolsOf(socket, 'quotes:subscribe')).toEqual(firstScreen));
    expect(screen.getAllByTestId('quote-row').length).toBeLessThanOrEqual(60);
    act(() => socket.answerQuoteSubscribes((s) => snapshotOf(s, { name: `Stock ${s}`, price: '12.34' })));
    await waitFor(() => expect(screen.getByText('Stock 604000')).toBeTruthy());

    // Scroll to row 200: rows 192–217 are rendered, in pages 190–219; a page either side streams.
    const list = screen.getByTestId('quote-list');
    list.scrollTop = 200 * ROW_HEIGHT;
    fireEvent.scroll(list);
    const secondScreen = CODES.slice(180, 230);
    await waitFor(() => expect(symbolsOf(socket, 'quotes:unsubscribe').sort()).toEqual(firstScreen));
    expect(symbolsOf(socket, 'quotes:subscribe').slice(firstScreen.length).sort()).toEqual(secondScreen);
    expect(screen.getAllByTestId('quote-row').length).toBeLessThanOrEqual(60);
    expect(screen.getAllByTestId('quote-row').map((row) => row.dataset.symbol)).toContain('604205');
  });

  it('shows the reconnecting banner while the connection is down', async () => {
    const router = renderApp('/market');
    await settlesAt(router, '/market');
    await waitFor(() => expect(socket).toBeDefined());
    act(() => socket.open());
    act(() => socket.drop());
    expect((await screen.findByTestId('connection-reconnecting')).textContent).toBe(
      'Connection lost. Reconnecting…',
    );
    act(() => socket.open());
    await waitFor(() => expect(screen.queryByTestId('connection-reconnecting')).toBeNull());
  });

  it('says the prices are not live while the server reconnects to its feed', async () => {
    const router = renderApp('/market');
    await settlesAt(router, '/market');
    await waitFor(() => expect(socket).toBeDefined());
    act(() => socket.open());
    act(() => socket.serverSends('stream', { state: 'reconnecting' }));
    expect((await screen.findByTestId('connection-reconnecting')).textContent).toBe(
      'Live prices paused: the server is reconnecting to the market feed…',
    );
    act(() => socket.serverSends('stream', { state: 'live' }));
    await waitFor(() => expect(screen.queryByTestId('connection-reconnecting')).toBeNull());
  });

  it('shows why the server refused the connection, translated, and tries again on demand', async () => {
    const router = renderApp('/market');
    await settlesAt(router, '/market');
    await waitFor(() => expect(socket).toBeDefined());
    const refusal = {
      key: 'socket.tooManyFromAddress',
      params: { max: 50 },
      message: '来自您所在网络的连接过多',
    };
    act(() =>
      socket.serverSends('connect_error', Object.assign(new Error(refusal.message), { data: refusal })),
    );
    const banner = await screen.findByTestId('connection-refused');
    expect(banner.textContent).toContain('Too many connections from your network (at most 50).');
    const connects = socket.connects;
    // Within the banner: a role query over the whole list is slow in jsdom.
    fireEvent.click(await within(banner).findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(socket.connects).toBe(connects + 1));
    act(() => socket.open());
    await waitFor(() => expect(screen.queryByTestId('connection-refused')).toBeNull());
  });
});
