import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, transferOf } from '../../test/bankingFixtures.ts';
import { callsTo, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../test/renderApp.tsx';
import { useMessageStore } from '../messages/messageStore.ts';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const statuses = () => screen.getAllByTestId('transfer-status').map((s) => s.textContent);

describe('/bankRecord', () => {
  it('shows each transfer with its audit status and the reason of a refusal', async () => {
    fakeApi({
      'GET /bank/transfers': ok(
        pageOf([
          transferOf(1, { direction: 'out', amount: '300.00' }),
          transferOf(2, { status: 'passed', settledAt: '2026-07-08T02:31:05.000Z' }),
          transferOf(3, {
            status: 'refused',
            refusalReason: 'declined',
            settledAt: '2026-07-08T02:31:00.000Z',
          }),
        ]),
      ),
    });
    renderApp('/bankRecord');
    await screen.findAllByTestId('transfer-record');
    expect(statuses()).toEqual(['Auditing', 'Passed', 'Refused']);
    const rows = screen.getAllByTestId('transfer-record');
    expect(rows[0]?.textContent).toContain('Transfer out');
    expect(rows[0]?.textContent).toContain('-300.00');
    expect(rows[1]?.textContent).toContain('done 10:31:05');
    expect(rows[2]?.textContent).toContain('Declined by the bank.');
  });

  it('updates when the bank’s answer arrives as a message', async () => {
    let answered = false;
    fakeApi({
      'GET /bank/transfers': () =>
        jsonResponse({
          code: 1,
          msg: 'ok',
          data: pageOf([
            transferOf(1, answered ? { status: 'passed', settledAt: '2026-07-08T02:31:05.000Z' } : {}),
          ]),
        }),
    });
    renderApp('/bankRecord');
    await waitFor(() => expect(statuses()).toEqual(['Auditing']));
    answered = true;
    act(() =>
      useMessageStore.getState().receive({
        id: '00000000-0000-4000-8000-000000000999',
        kind: 'transferResult',
        params: { direction: 'in', status: 'passed', amount: '1000.00', bankName: 'ICBC', cardTail: '3441' },
        read: false,
        createdAt: '2026-07-08T02:31:05.000Z',
        marketAt: '2026-07-08T02:31:05.000Z',
      }),
    );
    await waitFor(() => expect(statuses()).toEqual(['Passed']));
  });

  it('filters by direction', async () => {
    const api = fakeApi({ 'GET /bank/transfers': ok(pageOf([])) });
    renderApp('/bankRecord');
    expect((await screen.findByTestId('transfer-records-empty')).textContent).toBe('No transfers yet.');
    await userEvent.click(screen.getByTestId('transfer-filter-out'));
    await waitFor(() => {
      const urls = api.mock.calls.map(([input]) => String(input));
      expect(urls.some((u) => u.includes('direction=out'))).toBe(true);
    });
    expect(callsTo(api, 'GET /bank/transfers').length).toBeGreaterThanOrEqual(2);
  });
});
