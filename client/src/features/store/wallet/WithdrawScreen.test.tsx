import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared-ui/toast/toastStore.ts';
import { cardOf, pageOf } from '../../../test/bankingFixtures.ts';
import { callsTo, fakeApi, ok } from '../../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession } from '../../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const cards = [cardOf(1), cardOf(2, { bank: 'CCB' })];
const withdrawal = {
  id: '6f1c2a9e-0d4b-4a57-8f7e-3b2d1c0a9e8f',
  type: 'bankCard',
  amount: '98.00',
  serviceCharge: '2.00',
  bank: 'ICBC',
  cardMasked: '6222 **** **** 3441',
  holderName: '李雷',
  state: 'auditing',
  reason: null,
  note: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  auditedAt: null,
  settledAt: null,
};

function store(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /bank/cards': ok(cards),
    'GET /store/withdrawals/terms': ok({ available: '100.00', charge: { rate: '0.01', minimum: '2.00' } }),
    'GET /store/withdrawals': ok(pageOf([])),
    'POST /store/withdrawals': ok(withdrawal),
    'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }),
    ...extra,
  });
}

describe('/store/withdraw', () => {
  it("checks the amount with the spec's messages before asking for the password", async () => {
    const api = store();
    renderApp('/store/withdraw');
    const amount = await screen.findByTestId('withdraw-amount');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Draw amount cannot be less than or equal to 0 or empty')).toBeTruthy();
    // 99 and its 2.00 minimum charge do not fit in 100.
    await userEvent.type(amount, '99');
    expect(screen.getByTestId('withdraw-charge').textContent).toContain('2.00');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Draw amount cannot be larger than balance')).toBeTruthy();
    expect(screen.queryByTestId('pay-password-sheet')).toBeNull();
    expect(callsTo(api, 'POST /store/withdrawals')).toHaveLength(0);
  });

  it('draws all, shows the charge in the password sheet and sends the withdrawal under an Idempotency-Key', async () => {
    const api = store();
    renderApp('/store/withdraw');
    await userEvent.click(await screen.findByTestId('withdraw-all'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('98.00');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    const sheet = await screen.findByTestId('pay-password-sheet');
    expect(sheet.textContent).toContain('98.00');
    expect(sheet.textContent).toContain('service charge');
    await userEvent.type(await within(sheet).findByTestId('pay-password-input'), '135790');
    await waitFor(() => expect(callsTo(api, 'POST /store/withdrawals')).toHaveLength(1));
    const call = callsTo(api, 'POST /store/withdrawals')[0];
    expect(JSON.parse(String(call?.body))).toEqual({
      cardId: cards[0]?.id,
      amount: '98.00',
      payPassword: '135790',
    });
    expect((call?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    );
    await waitFor(() =>
      expect(useToastStore.getState().current?.message).toBe('Withdrawal submitted: waiting for the audit.'),
    );
  });

  it("shows a withdrawal with the bank as paying, and one the bank declined with the bank's reason", async () => {
    const audited = { ...withdrawal, auditedAt: '2026-11-27T10:05:00.000Z' };
    store({
      'GET /store/withdrawals': ok(
        pageOf([
          { ...audited, state: 'paying' },
          {
            ...audited,
            id: '7a2d3b0f-1e5c-4b68-9f8a-4c3e2d1b0a9f',
            state: 'refuse',
            reason: 'declined',
            settledAt: '2026-11-27T10:06:00.000Z',
          },
        ]),
      ),
    });
    renderApp('/store/withdraw');
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-record')).toHaveLength(2));
    const [paying, declined] = screen.getAllByTestId('withdrawal-record');
    expect(within(paying!).getByTestId('withdrawal-state').textContent).toBe('Paying');
    expect(within(declined!).getByTestId('withdrawal-state').textContent).toBe('Refused');
    expect(declined!.textContent).toContain('The bank declined the payment.');
  });

  it('asks for a card to be bound first', async () => {
    store({ 'GET /bank/cards': ok([]) });
    renderApp('/store/withdraw');
    expect((await screen.findByTestId('withdraw-no-card')).textContent).toContain('Bind a bank card');
  });
});
