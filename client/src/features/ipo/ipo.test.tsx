import type { IpoQuota, IpoSubscriptionView, IpoView } from '@bourse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';

const issue = (code: string, overrides: Partial<IpoView> = {}): IpoView => ({
  code,
  name: `星河${code.slice(-2)}`,
  exchange: 'SSE',
  board: 'star',
  price: '12.34',
  unitShares: 500,
  onlineShares: 3_000_000,
  maxShares: 3_000,
  subscriptionDate: '2026-07-09',
  allotmentDate: '2026-07-10',
  paymentDate: '2026-07-13',
  listingDate: '2026-07-16',
  status: 'subscribing',
  seedCommitment: 'ab'.repeat(32),
  draw: null,
  ...overrides,
});

const quota: IpoQuota = {
  exchange: 'SSE',
  averageHoldingValue: '25000.00',
  window: { from: '2026-06-09', to: '2026-07-07' },
  quotaShares: 2_500,
  maxShares: 2_500,
  barredUntil: null,
};

const subscription = (overrides: Partial<IpoSubscriptionView> = {}): IpoSubscriptionView => ({
  code: '687301',
  name: '星河01',
  price: '12.34',
  shares: 2_500,
  subscribedAt: '2026-07-09T02:00:00.000Z',
  state: 'pending',
  ipoStatus: 'subscribing',
  allotmentDate: '2026-07-10',
  paymentDate: '2026-07-13',
  listingDate: '2026-07-16',
  numbers: null,
  wonShares: null,
  amountDue: null,
  paidShares: null,
  abandonedShares: null,
  ...overrides,
});

beforeEach(() => resetSession());
afterEach(() => vi.unstubAllGlobals());

describe('/shares/new', () => {
  it('lists the calendar by status without a login, each issue opening its detail', async () => {
    fakeApi({
      'GET /ipo/calendar': ok([
        issue('687301'),
        issue('304502', {
          exchange: 'SZSE',
          board: 'chinext',
          status: 'upcoming',
          subscriptionDate: '2026-07-14',
        }),
        issue('607503', { status: 'awaiting_payment' }),
      ]),
    });
    const router = renderApp('/shares/new');
    const rows = await screen.findAllByTestId('ipo-row');
    expect(rows.map((r) => r.dataset.code)).toEqual(['687301']);
    expect(rows[0]?.textContent).toContain('Subscribing');
    await userEvent.click(screen.getByTestId('ipo-tab-upcoming'));
    expect(screen.getAllByTestId('ipo-row').map((r) => r.dataset.code)).toEqual(['304502']);
    await userEvent.click(screen.getByTestId('ipo-tab-inProgress'));
    expect(screen.getByTestId('ipo-row').textContent).toContain('Awaiting payment');
    await userEvent.click(screen.getByTestId('ipo-tab-listed'));
    expect(screen.getByTestId('ipo-empty').textContent).toBe('No issues here.');
    await userEvent.click(screen.getByTestId('ipo-tab-subscribing'));
    await userEvent.click(screen.getByTestId('ipo-row'));
    await settlesAt(router, '/shares/new-detail?code=687301');
  });
});

describe('/shares/new-detail', () => {
  it('shows a visitor the terms and timeline, and asks them to log in to subscribe', async () => {
    fakeApi({ 'GET /ipo/issue': ok(issue('687301')) });
    renderApp('/shares/new-detail?code=687301');
    expect((await screen.findByTestId('ipo-head')).textContent).toContain('687301');
    expect(screen.getByTestId('ipo-price').textContent).toContain('12.34 CNY');
    expect(screen.getByTestId('ipo-login').querySelector('a')?.getAttribute('href')).toBe(
      '/login?redirect=%2Fshares%2Fnew-detail%3Fcode%3D687301',
    );
  });

  function signedIn(extra: Parameters<typeof fakeApi>[0] = {}) {
    logInAsDemo();
    return fakeApi({
      'GET /ipo/detail': ok({ ipo: issue('687301'), quota, subscription: null }),
      'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }),
      'POST /ipo/subscribe': ok(subscription()),
      ...extra,
    });
  }

  it('subscribes whole units within the quota after the payment password', async () => {
    const api = signedIn();
    renderApp('/shares/new-detail?code=687301');
    expect((await screen.findByTestId('ipo-quota')).textContent).toContain('2,500 shares');
    const shares = screen.getByTestId('ipo-shares');
    expect((shares as HTMLInputElement).value).toBe('2500');
    await userEvent.clear(shares);
    await userEvent.type(shares, '700');
    await userEvent.click(screen.getByTestId('ipo-subscribe'));
    expect(await screen.findByText('Please subscribe whole units of 500 shares.')).toBeTruthy();
    await userEvent.clear(shares);
    await userEvent.type(shares, '3000');
    await userEvent.click(screen.getByTestId('ipo-subscribe'));
    expect(await screen.findByText('You can subscribe at most 2500 shares.')).toBeTruthy();
    expect(callsTo(api, 'POST /ipo/subscribe')).toHaveLength(0);

    await userEvent.clear(shares);
    await userEvent.type(shares, '1500');
    await userEvent.click(screen.getByTestId('ipo-subscribe'));
    const sheet = await screen.findByRole('dialog', { name: 'Payment password' });
    expect(sheet.textContent).toContain('Subscribe 1,500 shares of 星河01 at 12.34 CNY');
    await userEvent.type(await within(sheet).findByTestId('pay-password-input'), '135790');
    await waitFor(() => expect(callsTo(api, 'POST /ipo/subscribe')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, 'POST /ipo/subscribe')[0]?.body))).toEqual({
      code: '687301',
      shares: 1_500,
      payPassword: '135790',
    });
    await waitFor(() =>
      expect(useToastStore.getState().current?.message).toBe('Subscribed for 1,500 shares.'),
    );
    // The detail is loaded again to show the subscription.
    await waitFor(() => expect(callsTo(api, 'GET /ipo/detail')).toHaveLength(2));
  });

  it("shows the server's refusal in the payment sheet", async () => {
    signedIn({
      'POST /ipo/subscribe': {
        status: 409,
        body: { code: 409, msg: 'This issue is not open for subscription now.', key: 'ipo.notSubscribing' },
      },
    });
    renderApp('/shares/new-detail?code=687301');
    await userEvent.click(await screen.findByTestId('ipo-subscribe'));
    const sheet = await screen.findByRole('dialog', { name: 'Payment password' });
    await userEvent.type(await within(sheet).findByTestId('pay-password-input'), '135790');
    expect(await within(sheet).findByText('This issue is not open for subscription now.')).toBeTruthy();
  });

  it('always shows Subscribe: without a quota it is disabled, with the reason and the fix', async () => {
    signedIn({
      'GET /ipo/detail': ok({
        ipo: issue('687301'),
        quota: { ...quota, quotaShares: 0, maxShares: 0 },
        subscription: null,
      }),
    });
    renderApp('/shares/new-detail?code=687301');
    expect((await screen.findByTestId('ipo-notice')).textContent).toContain('at least 10,000 CNY');
    expect(screen.getByTestId('ipo-fix').textContent).toContain('hold Shanghai A-shares worth 10,000 CNY');
    expect((screen.getByTestId('ipo-subscribe') as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables Subscribe before the subscription day and says when it opens', async () => {
    signedIn({
      'GET /ipo/detail': ok({ ipo: issue('687301', { status: 'upcoming' }), quota, subscription: null }),
    });
    renderApp('/shares/new-detail?code=687301');
    expect((await screen.findByTestId('ipo-notice')).textContent).toContain('9:30–15:00');
    expect(screen.getByTestId('ipo-fix').textContent).toContain('9:30 market time');
    expect((screen.getByTestId('ipo-subscribe') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the draw and what the user won', async () => {
    const drawn = issue('687301', {
      status: 'awaiting_payment',
      draw: {
        seed: 'cd'.repeat(32),
        firstNumber: 100_000_001,
        totalNumbers: 1_234_567,
        tails: ['0132', '1416', '09463'],
        winningNumbers: 600,
        winRate: '0.048600',
      },
    });
    signedIn({
      'GET /ipo/detail': ok({
        ipo: drawn,
        quota,
        subscription: subscription({
          state: 'won',
          ipoStatus: 'awaiting_payment',
          numbers: { first: 100_000_101, count: 5 },
          wonShares: 500,
          amountDue: '6170.00',
        }),
      }),
    });
    renderApp('/shares/new-detail?code=687301');
    expect((await screen.findByTestId('ipo-tails')).textContent).toBe(
      'Last 4 digits0132 1416Last 5 digits09463',
    );
    expect(screen.getByTestId('ipo-win-rate').textContent).toBe('0.048600%');
    const mine = screen.getByTestId('ipo-my-subscription');
    expect(within(mine).getByTestId('sub-state').textContent).toBe('Allotted: pay by 16:00 on 2026-07-13');
    expect(within(mine).getByTestId('sub-numbers').textContent).toBe('100000101 – 100000105 (5)');
    expect(within(mine).getByTestId('sub-due').textContent).toBe('6,170.00 CNY');
  });
});

describe('/ucenter/shengou', () => {
  it("lists the user's subscriptions with their numbers and results", async () => {
    logInAsDemo();
    fakeApi({
      'GET /ipo/subscriptions': ok({
        items: [
          subscription({
            state: 'paid',
            numbers: { first: 100_000_001, count: 5 },
            wonShares: 1_000,
            amountDue: '12340.00',
            paidShares: 500,
            abandonedShares: 500,
          }),
          subscription({
            code: '304502',
            name: '恒瑞02',
            state: 'lost',
            numbers: { first: 100_000_200, count: 2 },
            wonShares: 0,
          }),
        ],
        page: 1,
        pageSize: 20,
        total: 2,
      }),
    });
    renderApp('/ucenter/shengou');
    const records = await screen.findAllByTestId('ipo-record');
    expect(records.map((r) => r.dataset.code)).toEqual(['687301', '304502']);
    expect(within(records[0]!).getByTestId('sub-paid').textContent).toBe('500 shares');
    expect(within(records[0]!).getByTestId('sub-abandoned').textContent).toBe('500 shares');
    expect(within(records[1]!).getByTestId('sub-state').textContent).toBe('Not allotted');
  });

  it('needs a login', async () => {
    const router = renderApp('/ucenter/shengou');
    await settlesAt(router, '/login?redirect=%2Fucenter%2Fshengou');
  });
});
