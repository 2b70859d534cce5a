import type {
  AllotmentProgressView,
  FailedSettlementView,
  IpoView,
  RealNameReviewItem,
} from '@bourse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { callsTo, demoUser, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logIn, logInAsDemo, renderApp, resetSession } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';

const issue = (code: string, overrides: Partial<IpoView> = {}): IpoView => ({
  code,
  name: `星河${code.slice(-2)}`,
  exchange: 'SSE',
  board: 'main',
  price: '12.34',
  unitShares: 500,
  onlineShares: 10_000_000,
  maxShares: 10_000,
  subscriptionDate: '2026-07-09',
  allotmentDate: '2026-07-10',
  paymentDate: '2026-07-13',
  listingDate: '2026-07-16',
  status: 'awaiting_allotment',
  seedCommitment: 'ab'.repeat(32),
  draw: null,
  ...overrides,
});

const progress = (overrides: Partial<AllotmentProgressView> = {}): AllotmentProgressView => ({
  code: '606801',
  status: 'awaiting_allotment',
  run: 0,
  chunks: 0,
  doneChunks: 0,
  subscriptions: 0,
  numbers: 0,
  winningNumbers: 0,
  drawnWinningNumbers: null,
  ...overrides,
});

const request: RealNameReviewItem = {
  id: '0b5a3c1e-8d2f-4a6b-9c7d-1e2f3a4b5c6d',
  userId: '1c6b4d2f-9e3a-4b7c-8d1e-2f3a4b5c6d7e',
  account: 'lilei01',
  realName: '李雷',
  idNumber: '11010519491231002X',
  status: 'pending',
  refusalReason: null,
  hasPhoto: false,
  submittedAt: '2026-07-09T02:00:00.000Z',
  reviewedAt: null,
};

const noReviews = ok({ items: [], page: 1, pageSize: 20, total: 0 });

function asAdmin() {
  logIn();
  useSession.setState({ userInfo: { ...demoUser, role: 'admin' } });
}

beforeEach(() => resetSession());
afterEach(() => vi.unstubAllGlobals());

describe('/admin for someone without the admin role', () => {
  it('says the back office is not for them and asks the server for nothing', async () => {
    logInAsDemo();
    const api = fakeApi({});
    renderApp('/admin');
    expect((await screen.findByTestId('admin-forbidden')).textContent).toBe(
      'The back office is for staff with the admin role. Your account does not have it.',
    );
    expect(api.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/admin'))).toEqual(
      [],
    );
    expect(screen.queryByTestId('admin-issue')).toBeNull();
  });
});

describe('/admin for back office', () => {
  it('lists the issues with their status and dates', async () => {
    asAdmin();
    fakeApi({
      'GET /ipo/calendar': ok([
        issue('606801'),
        issue('606802', { status: 'subscribing', name: '星河二号' }),
      ]),
      'GET /admin/realName': noReviews,
    });
    renderApp('/admin');
    const rows = await screen.findAllByTestId('admin-issue');
    expect(rows.map((r) => [r.dataset.code, r.dataset.status])).toEqual([
      ['606801', 'awaiting_allotment'],
      ['606802', 'subscribing'],
    ]);
    expect(within(rows[0]!).getByTestId('admin-issue-status').textContent).toBe('Awaiting the draw');
    expect(within(rows[0]!).getByTestId('admin-issue-dates').textContent).toBe(
      'T 2026-07-09 · T+1 2026-07-10 · T+2 2026-07-13 · listing 2026-07-16',
    );
    // Still subscribing: no batch to run or look at yet.
    expect(within(rows[1]!).queryByTestId('admin-issue-batch')).toBeNull();
    expect(screen.getByTestId('admin-queues').getAttribute('href')).toBe('/admin/queues');
  });

  it('runs the allotment and watches it until the issue moves on to payment', async () => {
    asAdmin();
    let status: IpoView['status'] = 'awaiting_allotment';
    // The batch: not started; then run 1 under way; then done and drawn.
    const answers = [
      progress(),
      progress({ run: 1 }),
      progress({
        run: 1,
        chunks: 2,
        doneChunks: 1,
        subscriptions: 3,
        numbers: 8,
        winningNumbers: 4,
        drawnWinningNumbers: 8,
      }),
      progress({
        status: 'awaiting_payment',
        run: 1,
        chunks: 2,
        doneChunks: 2,
        subscriptions: 5,
        numbers: 12,
        winningNumbers: 8,
        drawnWinningNumbers: 8,
      }),
    ];
    let served = 0;
    const api = fakeApi({
      'GET /ipo/calendar': () => jsonResponse({ code: 1, msg: 'ok', data: [issue('606801', { status })] }),
      'GET /admin/realName': noReviews,
      'GET /admin/ipo/progress': () => {
        const answer = answers[Math.min(served++, answers.length - 1)]!;
        if (answer.status === 'awaiting_payment') status = 'awaiting_payment';
        return jsonResponse({ code: 1, msg: 'ok', data: answer });
      },
      'POST /admin/ipo/batch': () => {
        served = 1;
        return jsonResponse({ code: 1, msg: 'ok', data: progress({ run: 1 }) });
      },
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByTestId('admin-issue-batch'));
    expect((await screen.findByTestId('batch-run')).textContent).toBe('Run the allotment');
    expect(screen.getByTestId('batch-figure-winners').textContent).toBe('Not drawn yet');

    await userEvent.click(screen.getByTestId('batch-run'));
    expect(callsTo(api, 'POST /admin/ipo/batch').map((c) => JSON.parse(String(c.body)))).toEqual([
      { code: '606801' },
    ]);
    await waitFor(() =>
      expect(useToastStore.getState().current?.message).toBe('Run 1 of the allotment started.'),
    );
    // Polled each second until the draw is done and the issue awaits payment.
    await waitFor(() => expect(screen.getByTestId('batch-status').dataset.status).toBe('awaiting_payment'), {
      timeout: 8_000,
    });
    expect(screen.getByTestId('batch-figure-chunks').textContent).toBe('2 of 2 done');
    expect(screen.getByTestId('batch-figure-winners').textContent).toBe('8 found of 8 drawn');
    expect(screen.queryByTestId('batch-run')).toBeNull();
    // The list hears of it and shows the new status.
    await waitFor(() => expect(screen.getByTestId('admin-issue').dataset.status).toBe('awaiting_payment'));
    const polls = callsTo(api, 'GET /admin/ipo/progress').length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(callsTo(api, 'GET /admin/ipo/progress').length).toBe(polls);
  }, 20_000);

  it('shows why a run is refused', async () => {
    asAdmin();
    fakeApi({
      'GET /ipo/calendar': ok([issue('606801')]),
      'GET /admin/realName': noReviews,
      'GET /admin/ipo/progress': ok(progress()),
      'POST /admin/ipo/batch': {
        status: 409,
        body: { code: 409, msg: 'This issue is not awaiting its allotment, so no batch can run.' },
      },
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByTestId('admin-issue-batch'));
    await userEvent.click(await screen.findByTestId('batch-run'));
    await waitFor(() =>
      expect(useToastStore.getState().current?.message).toBe(
        'This issue is not awaiting its allotment, so no batch can run.',
      ),
    );
  }, 20_000);

  it('creates an issue after checking the form, and shows it in the list', async () => {
    asAdmin();
    let created = false;
    const api = fakeApi({
      'GET /ipo/calendar': () =>
        jsonResponse({
          code: 1,
          msg: 'ok',
          data: created ? [issue('606803', { status: 'upcoming', name: '新股三号' })] : [],
        }),
      'GET /admin/realName': noReviews,
      'POST /admin/ipo': () => {
        created = true;
        return jsonResponse({
          code: 1,
          msg: 'ok',
          data: issue('606803', { status: 'upcoming', name: '新股三号' }),
        });
      },
    });
    renderApp('/admin');
    expect((await screen.findByTestId('admin-issues-empty')).textContent).toBe('No issues yet.');
    await userEvent.type(screen.getByTestId('new-ipo-code'), '606803');
    await userEvent.type(screen.getByTestId('new-ipo-name'), '新股三号');
    await userEvent.type(screen.getByTestId('new-ipo-price'), '9.80');
    await userEvent.type(screen.getByTestId('new-ipo-onlineShares'), '1000100');
    await userEvent.type(screen.getByTestId('new-ipo-subscriptionDate'), '2026-07-09');
    await userEvent.click(screen.getByTestId('new-ipo-submit'));
    expect(
      await screen.findByText('The online tranche must be a whole number of 500-share units.'),
    ).toBeTruthy();
    expect(callsTo(api, 'POST /admin/ipo')).toEqual([]);

    await userEvent.clear(screen.getByTestId('new-ipo-onlineShares'));
    await userEvent.type(screen.getByTestId('new-ipo-onlineShares'), '1000000');
    await userEvent.click(screen.getByTestId('new-ipo-submit'));
    await waitFor(() =>
      expect(callsTo(api, 'POST /admin/ipo').map((c) => JSON.parse(String(c.body)))).toEqual([
        {
          code: '606803',
          name: '新股三号',
          price: '9.80',
          onlineShares: 1_000_000,
          subscriptionDate: '2026-07-09',
        },
      ]),
    );
    expect((await screen.findByTestId('admin-issue')).dataset.code).toBe('606803');
    expect((screen.getByTestId('new-ipo-code') as HTMLInputElement).value).toBe('');
  }, 20_000);

  it('passes and refuses real-name requests', async () => {
    asAdmin();
    let waiting = [
      request,
      { ...request, id: '2d7c5e3a-0f4b-4c8d-9e2f-3a4b5c6d7e8f', account: 'hanmeimei', realName: '韩梅梅' },
    ];
    const api = fakeApi({
      'GET /ipo/calendar': ok([]),
      'GET /admin/realName': () =>
        jsonResponse({
          code: 1,
          msg: 'ok',
          data: { items: waiting, page: 1, pageSize: 20, total: waiting.length },
        }),
      'POST /admin/realName/review': (init) => {
        const body = JSON.parse(String(init?.body)) as { id: string };
        const item = waiting.find((w) => w.id === body.id)!;
        waiting = waiting.filter((w) => w.id !== body.id);
        return jsonResponse({ code: 1, msg: 'ok', data: { ...item, status: 'passed' } });
      },
    });
    renderApp('/admin');
    const first = (await screen.findAllByTestId('admin-review'))[0]!;
    expect(within(first).getByTestId('admin-review-id').textContent).toBe('11010519491231002X');
    await userEvent.click(within(first).getByTestId('admin-review-pass'));
    await waitFor(() =>
      expect(screen.getAllByTestId('admin-review').map((r) => r.dataset.account)).toEqual(['hanmeimei']),
    );

    const second = screen.getByTestId('admin-review');
    await userEvent.selectOptions(within(second).getByTestId('admin-review-reason'), 'photoUnclear');
    await userEvent.click(within(second).getByTestId('admin-review-refuse'));
    expect(await screen.findByTestId('admin-reviews-empty')).toBeTruthy();
    expect(callsTo(api, 'POST /admin/realName/review').map((c) => JSON.parse(String(c.body)))).toEqual([
      { id: request.id, decision: 'pass' },
      { id: '2d7c5e3a-0f4b-4c8d-9e2f-3a4b5c6d7e8f', decision: 'refuse', reason: 'photoUnclear' },
    ]);
  }, 20_000);

  it('lists a failed block-trade settlement with what it holds frozen, and retries it', async () => {
    asAdmin();
    const failed: FailedSettlementView = {
      id: '3e8d6f4b-1a5c-4d9e-8f3a-4b5c6d7e8f9a',
      userId: request.userId,
      symbol: '604000',
      name: '浦发银行',
      side: 'buy',
      kind: 'intraday',
      price: '3.00',
      quantity: 300_000,
      amount: '900000.00',
      fees: '234.00',
      frozenCash: '900234.00',
      status: 'pending',
      refusalReason: null,
      tradingDate: '2026-07-09',
      createdAt: '2026-07-09T02:00:00.000Z',
      marketAt: '2026-07-09T02:00:00.000Z',
      closedAt: null,
      settleFailedAt: '2026-07-09T08:00:00.000Z',
      settleError: 'counterparty link down',
    };
    let list = [failed];
    const api = fakeApi({
      'GET /ipo/calendar': ok([]),
      'GET /admin/realName': noReviews,
      'GET /admin/blockTrade/failed': () => jsonResponse({ code: 1, msg: 'ok', data: { list } }),
      'POST /admin/blockTrade/retry': () => {
        list = [];
        return jsonResponse({ code: 1, msg: 'ok', data: { ...failed, frozenCash: '900234.00' } });
      },
    });
    renderApp('/admin');
    const row = await screen.findByTestId('admin-settlement');
    expect(row.textContent).toContain('Buy 300,000 × 浦发银行 (604000) at 3.00');
    expect(row.textContent).toContain('Cash frozen: 900,234.00 CNY');
    expect(within(row).getByTestId('admin-settlement-error').textContent).toContain('counterparty link down');
    await userEvent.click(within(row).getByTestId('admin-settlement-retry'));
    expect(await screen.findByTestId('admin-settlements-empty')).toBeTruthy();
    expect(callsTo(api, 'POST /admin/blockTrade/retry').map((c) => JSON.parse(String(c.body)))).toEqual([
      { orderId: failed.id },
    ]);
  }, 20_000);
});
