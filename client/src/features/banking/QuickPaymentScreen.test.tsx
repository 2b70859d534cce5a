import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardOf, pageOf, transferOf, verified } from '../../test/bankingFixtures.ts';
import { callsTo, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { useMessageStore } from '../messages/messageStore.ts';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const cards = [cardOf(1), cardOf(2, { bank: 'CCB' })];

/** The answers the quick payment needs: a verified user with two cards, the first the default. */
function bank(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /user/authenticationDetail': ok(verified),
    'GET /bank/cards': ok(cards),
    'POST /bank/transfers': ok(transferOf(1, { amount: '5000.00' })),
    'GET /bank/transfers': ok(pageOf([transferOf(1, { amount: '5000.00' })])),
    'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }),
    ...extra,
  });
}

const sent = (api: ReturnType<typeof fakeApi>, n = 0) => {
  const call = callsTo(api, 'POST /bank/transfers')[n];
  return {
    body: JSON.parse(String(call?.body)),
    key: (call?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
  };
};

const amountField = () => screen.getByTestId('quick-amount') as HTMLInputElement;

describe('/fastpayment', () => {
  it('pays in from the default card: a preset fills the amount, the payment password files the transfer', async () => {
    const api = bank();
    renderApp('/fastpayment');
    expect((await screen.findByTestId('quick-card')).textContent).toContain(
      'Industrial and Commercial Bank of China (3441)',
    );
    expect(screen.getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual([
      '1,000',
      '5,000',
      '10,000',
      '50,000',
    ]);
    await userEvent.click(screen.getByTestId('quick-preset-5000'));
    expect(amountField().value).toBe('5000');
    expect(screen.getByTestId('quick-preset-5000').getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByTestId('quick-preset-50000'));
    expect(amountField().value).toBe('50000');
    await userEvent.click(screen.getByTestId('quick-preset-5000'));

    await userEvent.click(screen.getByTestId('quick-submit'));
    const sheet = await screen.findByTestId('pay-password-sheet');
    expect(sheet.textContent).toContain(
      'Transfer in 5,000.00 CNY from Industrial and Commercial Bank of China (3441)',
    );
    expect(callsTo(api, 'POST /bank/transfers')).toHaveLength(0);
    await userEvent.type(await within(sheet).findByTestId('pay-password-input'), '135790');

    const result = await screen.findByTestId('quick-result');
    const { body, key } = sent(api);
    expect(body).toEqual({ direction: 'in', cardId: cards[0]?.id, amount: '5000.00', payPassword: '135790' });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(result.dataset.status).toBe('auditing');
    expect(result.textContent).toContain('+5,000.00');
    expect(result.textContent).toContain('The bank usually answers within a few minutes');
    expect(within(result).getByTestId('quick-records').getAttribute('href')).toBe('/bankRecord');
  });

  it('takes a typed amount as well', async () => {
    const api = bank();
    renderApp('/fastpayment');
    await userEvent.type(await screen.findByTestId('quick-amount'), ' 2500.5 ');
    await userEvent.click(screen.getByTestId('quick-submit'));
    await userEvent.type(await screen.findByTestId('pay-password-input'), '135790');
    await screen.findByTestId('quick-result');
    expect(sent(api).body.amount).toBe('2500.50');
  });

  it.each([
    ['', 'Transfer amount cannot be less than or equal to 0 or empty.'],
    ['0', 'Transfer amount cannot be less than or equal to 0 or empty.'],
    ['1.005', 'Please fill correct amount.'],
    ['5000000.01', 'A single transfer can be at most 5,000,000.00 CNY.'],
  ])('refuses the amount %j before asking for the password: %s', async (amount, message) => {
    const api = bank();
    renderApp('/fastpayment');
    if (amount) await userEvent.type(await screen.findByTestId('quick-amount'), amount);
    await userEvent.click(await screen.findByTestId('quick-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByTestId('pay-password-sheet')).toBeNull();
    expect(callsTo(api, 'POST /bank/transfers')).toHaveLength(0);
  });

  it('says a wrong payment password and files once with the same key on the next try', async () => {
    let attempt = 0;
    const api = bank({
      'POST /bank/transfers': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(
              { code: 400, msg: 'Wrong payment password. Attempts left: 4.', key: 'payPassword.wrong' },
              400,
            )
          : jsonResponse({ code: 1, msg: 'ok', data: transferOf(1) });
      },
    });
    renderApp('/fastpayment');
    await userEvent.click(await screen.findByTestId('quick-preset-1000'));
    await userEvent.click(screen.getByTestId('quick-submit'));
    const sheet = await screen.findByTestId('pay-password-sheet');
    await userEvent.type(await within(sheet).findByTestId('pay-password-input'), '000000');
    expect(await within(sheet).findByText('Wrong payment password. Attempts left: 4.')).toBeTruthy();
    expect(screen.queryByTestId('quick-result')).toBeNull();
    await userEvent.type(within(sheet).getByTestId('pay-password-input'), '135790');
    await screen.findByTestId('quick-result');
    expect(sent(api, 0).key).toBe(sent(api, 1).key);
    expect(sent(api, 1).body.payPassword).toBe('135790');
  });

  it('follows the transfer until the bank answers', async () => {
    let answered = false;
    bank({
      'GET /bank/transfers': () =>
        jsonResponse({
          code: 1,
          msg: 'ok',
          data: pageOf([
            transferOf(2, { amount: '1000.00' }),
            transferOf(1, answered ? { status: 'refused', refusalReason: 'declined' } : {}),
          ]),
        }),
      'POST /bank/transfers': ok(transferOf(1)),
    });
    renderApp('/fastpayment');
    await userEvent.click(await screen.findByTestId('quick-preset-1000'));
    await userEvent.click(screen.getByTestId('quick-submit'));
    await userEvent.type(await screen.findByTestId('pay-password-input'), '135790');
    expect((await screen.findByTestId('quick-result-status')).textContent).toBe('Auditing');
    answered = true;
    act(() =>
      useMessageStore.getState().receive({
        id: '00000000-0000-4000-8000-000000000999',
        kind: 'transferResult',
        params: { direction: 'in', status: 'refused', amount: '1000.00', bankName: 'ICBC', cardTail: '3441' },
        read: false,
        createdAt: '2026-07-08T02:31:05.000Z',
        marketAt: '2026-07-08T02:31:05.000Z',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('quick-result-status').textContent).toBe('Refused'));
    expect(screen.getByTestId('quick-result').textContent).toContain(
      'The bank refused this transfer; no cash moved. Declined by the bank.',
    );
    await userEvent.click(screen.getByTestId('quick-again'));
    expect(amountField().value).toBe('');
  });

  it('explains that a card must be bound first, and links to binding one', async () => {
    const api = bank({ 'GET /bank/cards': ok([]) });
    const router = renderApp('/fastpayment');
    const notice = await screen.findByTestId('quick-missing-card');
    expect(notice.textContent).toContain('no card is bound yet');
    expect(screen.queryByTestId('quick-submit')).toBeNull();
    await userEvent.click(within(notice).getByRole('link', { name: 'Bind a card' }));
    await settlesAt(router, '/ucenter/bank');
    expect(callsTo(api, 'POST /bank/transfers')).toHaveLength(0);
  });

  it('asks for a default card when none is marked', async () => {
    bank({ 'GET /bank/cards': ok(cards.map((c) => ({ ...c, isDefault: false }))) });
    renderApp('/fastpayment');
    const notice = await screen.findByTestId('quick-missing-defaultCard');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/ucenter/bank-list');
  });

  it.each([
    ['none', 'verification', 'please complete real-name verification first'],
    ['refused', 'verification', 'please complete real-name verification first'],
    ['pending', 'verificationPending', 'is being reviewed'],
  ] as const)('sends a user whose verification is %s to verify', async (status, missing, text) => {
    bank({ 'GET /user/authenticationDetail': ok({ ...verified, status }) });
    renderApp('/fastpayment');
    const notice = await screen.findByTestId(`quick-missing-${missing}`);
    expect(notice.textContent).toContain(text);
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/realNameAuthentication');
  });
});
