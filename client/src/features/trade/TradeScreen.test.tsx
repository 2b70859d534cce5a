import { MARKET_PROTOCOL_VERSION, type MarketPhase } from '@bourse/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDuplicateGuard } from '../../lib/http/client.ts';
import { FakeMarketSocket, snapshotOf } from '../../test/fakeMarketSocket.ts';
import { callsTo, demoUser, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logIn, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { accountOf, orderOf, positionOf, TODAY } from '../../test/tradingFixtures.ts';
import { resetMarketConnection } from '../market/data/market.ts';

const snapshotApi = (overrides: Parameters<typeof fakeApi>[0] = {}) => ({
  'GET /user/info': ok(demoUser),
  'GET /trade/orders': ok({ items: [], page: 1, pageSize: 100, total: 0 }),
  'GET /trade/fills': ok({ items: [], page: 1, pageSize: 100, total: 0 }),
  'GET /trade/positions': ok([]),
  'GET /trade/account': ok(accountOf({ marketValue: '0.00', totalAssets: '998994.99' })),
  ...overrides,
});

describe('the trade ticket', () => {
  let socket: FakeMarketSocket | undefined;
  const market = () => socket as FakeMarketSocket;

  beforeEach(() => {
    resetSession();
    logIn();
    socket = undefined;
    resetMarketConnection(() => {
      socket = new FakeMarketSocket();
      return socket;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Opens the ticket with the market trading 604000 at 10.00 (limits 11.00 / 9.00). */
  async function openTicket(path: string, phase: MarketPhase = 'continuous') {
    const router = renderApp(path);
    await settlesAt(router, path);
    await waitFor(() => expect(socket).toBeDefined());
    act(() => {
      market().open();
      market().serverSends('status', {
        protocol: MARKET_PROTOCOL_VERSION,
        phase,
        tradingDate: TODAY,
        simulated: true,
        time: 1,
      });
    });
    await waitFor(() => expect(market().sent('quotes:subscribe').length).toBeGreaterThan(0));
    act(() => market().answerQuoteSubscribes((s) => snapshotOf(s, { name: 'Pudong Bank' })));
    await screen.findByTestId('ticket');
    return router;
  }

  const type = (testId: string, value: string) =>
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const text = (testId: string) => screen.getByTestId(testId).textContent;

  it('steps the price by tick inside the limits and checks the quantity before sending', async () => {
    fakeApi(snapshotApi());
    await openTicket('/shares/creatOrder?symbol=604000&side=buy');
    expect((screen.getByTestId('ticket-price') as HTMLInputElement).value).toBe('10.00');
    expect(text('ticket-limits')).toContain('11.00');
    expect(text('ticket-limits')).toContain('9.00');

    type('ticket-price', '10.99');
    fireEvent.click(screen.getByTestId('ticket-price-up'));
    fireEvent.click(screen.getByTestId('ticket-price-up'));
    expect((screen.getByTestId('ticket-price') as HTMLInputElement).value).toBe('11.00');
    type('ticket-price', '11.05');
    expect(text('ticket-problem')).toBe("The price cannot be above today's limit-up price of 11.00.");
    type('ticket-price', '10.00');

    type('ticket-quantity', '150');
    expect(text('ticket-problem')).toBe('The quantity must be a multiple of 100 shares.');
    expect(screen.getByTestId('ticket-submit')).toHaveProperty('disabled', true);

    // 998,994.99 buys 99,800 at 10.00 with fees (99,900 would need 999,259.74): half is 49,900.
    expect(text('ticket-capacity')).toBe('99,800');
    fireEvent.click(screen.getByTestId('ticket-shortcut-half'));
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('49900');
    fireEvent.click(screen.getByTestId('ticket-quantity-up'));
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('50000');

    type('ticket-quantity', '100');
    expect(screen.queryByTestId('ticket-problem')).toBeNull();
    expect(text('ticket-amount')).toBe('1,000.00');
    expect(text('ticket-fees')).toBe('5.01');
  });

  it('sends one decision with one Idempotency-Key, the same on retry, and shows the result', async () => {
    const filled = orderOf(1, {
      status: 'filled',
      filledQuantity: 100,
      filledAmount: '1000.00',
      averagePrice: '10.000',
      frozenCash: '0.00',
    });
    let attempts = 0;
    const api = fakeApi(
      snapshotApi({
        'POST /trade/orders': () => {
          attempts++;
          return attempts === 1
            ? jsonResponse({ code: 503, msg: 'The service is temporarily unavailable.' }, 503)
            : jsonResponse({ code: 1, msg: 'ok', data: filled });
        },
      }),
    );
    await openTicket('/shares/creatOrder?symbol=604000&side=buy');
    type('ticket-quantity', '100');
    fireEvent.click(screen.getByTestId('ticket-submit'));
    const sheet = await screen.findByTestId('confirm-sheet');
    expect(sheet.textContent).toContain('Pudong Bank 604000');
    expect(text('confirm-net')).toBe('1,005.01');

    fireEvent.click(screen.getByTestId('confirm-order'));
    await waitFor(() => expect(text('toast')).toBe('The service is temporarily unavailable.'));
    expect(screen.getByTestId('confirm-sheet')).toBeTruthy();
    resetDuplicateGuard();
    fireEvent.click(screen.getByTestId('confirm-order'));
    await waitFor(() => expect(text('toast')).toBe('Filled: 100 shares at 10.000'));
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();

    const sent = callsTo(api, 'POST /trade/orders');
    const keys = sent.map((init) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(sent[0]?.body))).toEqual({
      symbol: '604000',
      side: 'buy',
      type: 'limit',
      price: '10.00',
      quantity: 100,
    });
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Filled'));

    // The next decision gets a key of its own.
    resetDuplicateGuard();
    type('ticket-quantity', '200');
    fireEvent.click(screen.getByTestId('ticket-submit'));
    fireEvent.click(await screen.findByTestId('confirm-order'));
    await waitFor(() => expect(callsTo(api, 'POST /trade/orders')).toHaveLength(3));
    const third = callsTo(api, 'POST /trade/orders')[2]?.headers as Record<string, string>;
    expect(third['Idempotency-Key']).not.toBe(keys[0]);
  });

  it('sells what is sellable: the odd lot only whole', async () => {
    fakeApi(
      snapshotApi({
        'GET /trade/positions': ok([positionOf('604000', { quantity: 250, sellableQuantity: 250 })]),
      }),
    );
    await openTicket('/shares/creatOrder?symbol=604000&side=sell');
    expect(text('ticket-capacity')).toBe('250');
    fireEvent.click(screen.getByTestId('ticket-shortcut-all'));
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('250');
    fireEvent.click(screen.getByTestId('ticket-shortcut-half'));
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('100');
    type('ticket-quantity', '130');
    expect(text('ticket-problem')).toBe(
      'The 50 shares below one trading unit must be sold together in one order.',
    );
    expect(screen.getByTestId('ticket-submit').textContent).toBe('Sell');
  });

  it('says the market is closed at lunch', async () => {
    fakeApi(snapshotApi());
    await openTicket('/trade?symbol=604000', 'lunchBreak');
    type('ticket-quantity', '100');
    expect(text('ticket-problem')).toMatch(/^The market is not taking orders now/);
    expect(screen.getByTestId('tab-trade').getAttribute('aria-current')).toBe('page');
  });

  it("lists today's orders and cancels an open one", async () => {
    const open = orderOf(4);
    const api = fakeApi(
      snapshotApi({
        'GET /trade/orders': ok({ items: [open], page: 1, pageSize: 100, total: 1 }),
        [`DELETE /trade/orders/${open.id}`]: ok({
          ...open,
          status: 'cancelled',
          cancelReason: 'user',
          updatedAt: `${TODAY}T03:00:00.000Z`,
        }),
      }),
    );
    await openTicket('/trade?symbol=604000');
    await waitFor(() => expect(text('order-status')).toBe('Open'));
    fireEvent.click(screen.getByTestId('order-cancel'));
    await waitFor(() => expect(text('order-status')).toBe('Cancelled'));
    expect(text('toast')).toBe('Order cancelled');
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    expect(callsTo(api, `DELETE /trade/orders/${open.id}`)).toHaveLength(1);
  });

  it('disables Cancel during the closing call and says why, sending nothing', async () => {
    const open = orderOf(5);
    const api = fakeApi(
      snapshotApi({ 'GET /trade/orders': ok({ items: [open], page: 1, pageSize: 100, total: 1 }) }),
    );
    await openTicket('/trade?symbol=604000', 'closingCall');
    await waitFor(() => expect(text('order-status')).toBe('Open'));
    expect(screen.getByTestId('order-cancel')).toHaveProperty('disabled', true);
    expect(text('order-cancel-window')).toBe('No cancels 14:57–15:00: the closing call is matching.');
    fireEvent.click(screen.getByTestId('order-cancel'));
    expect(callsTo(api, `DELETE /trade/orders/${open.id}`)).toHaveLength(0);
  });

  it('offers an after-hours order at the close and sends it marked so', async () => {
    const placed = orderOf(6, { session: 'afterHours' });
    const api = fakeApi(snapshotApi({ 'POST /trade/orders': ok(placed) }));
    await openTicket('/shares/creatOrder?symbol=604000&side=buy');
    fireEvent.click(screen.getByTestId('ticket-after-hours'));
    type('ticket-quantity', '100');
    fireEvent.click(screen.getByTestId('ticket-submit'));
    await screen.findByTestId('confirm-sheet');
    fireEvent.click(screen.getByTestId('confirm-order'));
    await waitFor(() => expect(callsTo(api, 'POST /trade/orders')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, 'POST /trade/orders')[0]?.body))).toMatchObject({
      afterHours: true,
    });
    await waitFor(() => expect(text('order-after-hours')).toBe('After-hours'));
  });

  describe('the broker-app tabs', () => {
    const filled = orderOf(7, { status: 'filled', filledQuantity: 100, averagePrice: '10.00' });
    const open = orderOf(8);

    it('lists only the open orders under Cancel, each cancelled with one tap', async () => {
      const api = fakeApi(
        snapshotApi({
          'GET /trade/orders': ok({ items: [filled, open], page: 1, pageSize: 100, total: 2 }),
          [`DELETE /trade/orders/${open.id}`]: ok({
            ...open,
            status: 'cancelled',
            cancelReason: 'user',
            updatedAt: `${TODAY}T03:00:00.000Z`,
          }),
        }),
      );
      const router = await openTicket('/trade?symbol=604000');
      await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
      fireEvent.click(screen.getByTestId('trade-tab-cancel'));
      await settlesAt(router, '/trade?symbol=604000&tab=cancel');
      expect(screen.queryByTestId('ticket')).toBeNull();
      const rows = screen.getAllByTestId('order-row');
      expect(rows.map((row) => row.dataset.status)).toEqual(['pending']);
      fireEvent.click(screen.getByTestId('order-cancel'));
      await waitFor(() =>
        expect(screen.getByTestId('order-list-empty').textContent).toBe('No open orders to cancel.'),
      );
      expect(callsTo(api, `DELETE /trade/orders/${open.id}`)).toHaveLength(1);
    });

    it("shows the positions and the day's orders and fills, each tab a step the back button undoes", async () => {
      fakeApi(
        snapshotApi({
          'GET /trade/orders': ok({ items: [filled], page: 1, pageSize: 100, total: 1 }),
          'GET /trade/positions': ok([positionOf('604000', { name: 'Pudong Bank' })]),
        }),
      );
      const router = await openTicket('/trade?symbol=604000&side=sell');
      fireEvent.click(screen.getByTestId('trade-tab-positions'));
      await settlesAt(router, '/trade?symbol=604000&tab=positions');
      await waitFor(() => expect(screen.getAllByTestId('position-row')).toHaveLength(1));
      expect(screen.getByTestId('position-row').getAttribute('href')).toBe(
        '/shares/holdDetail?symbol=604000',
      );

      fireEvent.click(screen.getByTestId('trade-tab-query'));
      await settlesAt(router, '/trade?symbol=604000&tab=query');
      expect((await screen.findAllByTestId('order-row')).map((row) => row.dataset.status)).toEqual([
        'filled',
      ]);
      expect(screen.getByTestId('trade-history').getAttribute('href')).toBe('/historyPosition');

      act(() => void router.navigate(-1));
      await settlesAt(router, '/trade?symbol=604000&tab=positions');
      act(() => void router.navigate(-1));
      await settlesAt(router, '/trade?symbol=604000&side=sell');
      await waitFor(() =>
        expect(screen.getByTestId('trade-tab-sell').getAttribute('aria-selected')).toBe('true'),
      );
      await screen.findByTestId('ticket');
    });
  });
});
