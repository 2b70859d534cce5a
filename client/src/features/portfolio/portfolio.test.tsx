import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMarketSocket } from '../../test/fakeMarketSocket.ts';
import { callsTo, demoUser, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logIn, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import {
  accountOf,
  closedPositionOf,
  fillOf,
  moneyLogLineOf,
  positionOf,
  TODAY,
} from '../../test/tradingFixtures.ts';
import { resetUserChannel } from '../trade/data/user.ts';

const emptyPage = { items: [], page: 1, pageSize: 100, total: 0 };

const snapshotApi = (overrides: Parameters<typeof fakeApi>[0] = {}) => ({
  'GET /user/info': ok(demoUser),
  'GET /trade/orders': ok(emptyPage),
  'GET /trade/fills': ok(emptyPage),
  'GET /trade/positions': ok([positionOf('604000', { name: 'Pudong Bank' })]),
  'GET /trade/account': ok(accountOf()),
  ...overrides,
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('portfolio screens', () => {
  let userSocket: FakeMarketSocket | undefined;

  beforeEach(() => {
    resetSession();
    logIn();
    userSocket = undefined;
    resetUserChannel(() => {
      userSocket = new FakeMarketSocket();
      return userSocket;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the positions and the account, revalued live by the /user channel', async () => {
    fakeApi(snapshotApi());
    const router = renderApp('/ucenter/holding');
    await settlesAt(router, '/ucenter/holding');
    const row = await screen.findByTestId('position-row');
    expect(row.getAttribute('href')).toBe('/shares/holdDetail?symbol=604000');
    expect(row.textContent).toContain('Pudong Bank');
    expect(text('position-marketValue')).toBe('1,020.00');
    expect(text('position-floatingPnl')).toBe('+14.99');
    expect(text('account-totalAssets')).toBe('1,000,014.99');

    await waitFor(() => expect(userSocket).toBeDefined());
    act(() => {
      userSocket?.open();
      userSocket?.serverSends(
        'position',
        positionOf('604000', {
          name: 'Pudong Bank',
          price: '9.80',
          marketValue: '980.00',
          floatingPnl: '-25.01',
          todayPnl: '-20.00',
        }),
      );
    });
    // The reconnect's snapshot is still on its way: the event applies on top of it.
    await waitFor(() => expect(text('position-marketValue')).toBe('980.00'));
    expect(screen.getByTestId('position-floatingPnl').className).toBe('price-down');
    // 998,994.99 + 980.00; today 20.00 + (−20.00 − 20.00)
    expect(text('account-totalAssets')).toBe('999,974.99');
    expect(text('account-todayPnl')).toBe('-20.00');
  });

  it('is the account summary of /my too', async () => {
    fakeApi(snapshotApi());
    const router = renderApp('/my');
    await settlesAt(router, '/my');
    await waitFor(() => expect(text('account-totalAssets')).toBe('1,000,014.99'));
    expect(text('account-available')).toBe('998,994.99');
    expect(text('account-totalPnl')).toBe('+14.99');
  });

  it('pages the money log as it scrolls and filters it by type', async () => {
    const deposit = moneyLogLineOf(9, {
      type: 'deposit',
      amount: '1000000.00',
      symbol: null,
      orderId: null,
      price: null,
      quantity: null,
      tradeAmount: null,
      commission: '0.00',
      transferFee: '0.00',
    });
    const api = fakeApi(
      snapshotApi({
        // The first page, then the one after cursor 7; deposits alone when filtered.
        'GET /trade/moneyLog': (_init, url) =>
          jsonResponse({
            code: 1,
            msg: 'ok',
            data:
              url.searchParams.get('type') === 'deposit'
                ? { items: [deposit], nextCursor: null }
                : url.searchParams.get('cursor') === null
                  ? { items: [moneyLogLineOf(1)], nextCursor: '7' }
                  : { items: [moneyLogLineOf(2, { type: 'sell', amount: '1094.44' })], nextCursor: null },
          }),
      }),
    );
    const router = renderApp('/personCenter/moneyLog');
    await settlesAt(router, '/personCenter/moneyLog');
    await waitFor(() => expect(screen.getAllByTestId('money-log-line')).toHaveLength(2));
    expect(screen.getAllByTestId('money-log-amount').map((a) => a.textContent)).toEqual([
      '-1,005.01',
      '+1,094.44',
    ]);
    expect(screen.getAllByTestId('money-log-line')[0]?.textContent).toContain(
      '100 shares at 10.00 · fees 5.01',
    );
    expect(await screen.findByText('No more')).toBeTruthy();
    const cursors = callsToUrls(api).map((u) => u.searchParams.get('cursor'));
    expect(cursors).toEqual([null, '7']);

    fireEvent.click(screen.getByTestId('money-log-type-deposit'));
    await waitFor(() => expect(screen.getAllByTestId('money-log-line')).toHaveLength(1));
    expect(text('money-log-amount')).toBe('+1,000,000.00');
    expect(callsToUrls(api).at(-1)?.searchParams.get('type')).toBe('deposit');
  });

  it('lists closed positions and opens one with the fills of its round trip', async () => {
    const closed = closedPositionOf(1, { name: 'Pudong Bank' });
    const buy = fillOf(1, { tradingDate: '2026-07-06', createdAt: '2026-07-06T02:00:00.000Z' });
    const sell = fillOf(2, {
      side: 'sell',
      price: '11.000',
      amount: '1100.00',
      stampDuty: '0.55',
      createdAt: `${TODAY}T02:30:00.000Z`,
    });
    const api = fakeApi(
      snapshotApi({
        'GET /trade/positions/history': ok({ items: [closed], page: 1, pageSize: 20, total: 1 }),
        'GET /trade/fills': ok({ ...emptyPage, items: [sell, buy], total: 2 }),
      }),
    );
    const router = renderApp('/historyPosition');
    await settlesAt(router, '/historyPosition');
    const row = await screen.findByTestId('history-row');
    expect(text('history-realisedPnl')).toBe('+89.44');
    fireEvent.click(row);
    await settlesAt(router, `/historyDetail?id=${closed.id}&symbol=604000`);
    expect((await screen.findByTestId('history-detail')).textContent).toContain('Pudong Bank');
    await waitFor(() => expect(screen.getAllByTestId('fill-row')).toHaveLength(2));
    expect(screen.getAllByTestId('fill-price').map((p) => p.textContent)).toEqual(['11.00', '10.00']);
    expect(callsTo(api, 'GET /trade/positions/history').length).toBeGreaterThanOrEqual(2);
  });
});

function callsToUrls(api: ReturnType<typeof fakeApi>): URL[] {
  return api.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/trade/moneyLog'));
}
