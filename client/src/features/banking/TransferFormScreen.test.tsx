import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { cardOf, pageOf, transferOf } from '../../test/bankingFixtures.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { accountOf } from '../../test/tradingFixtures.ts';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const cards = [cardOf(1), cardOf(2, { bank: 'CCB' })];
const account = accountOf({ available: '12000.00', withdrawable: '10000.00' });

/** The answers a transfer screen needs, and the transfer filed. */
function bank(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /bank/cards': ok(cards),
    'GET /trade/account': ok(account),
    'POST /bank/transfers': ok(transferOf(1)),
    'GET /bank/transfers': ok(pageOf([transferOf(1)])),
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

describe('/bankIn/:type', () => {
  it('transfers in to the default card with an Idempotency-Key, then shows the records', async () => {
    const api = bank();
    const router = renderApp('/bankIn/in');
    expect((await screen.findByTestId('transfer-card')).textContent).toBe(
      'Industrial and Commercial Bank of China (3441)',
    );
    expect(screen.getByTestId('transfer-withdrawable').textContent).toBe('Available cash: 12,000.00');
    await userEvent.type(screen.getByTestId('transfer-amount'), '2500.5');
    await userEvent.click(screen.getByTestId('transfer-submit'));
    await settlesAt(router, '/bankRecord');
    const { body, key } = sent(api);
    expect(body).toEqual({ direction: 'in', cardId: cards[0]?.id, amount: '2500.50' });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(useToastStore.getState().current?.message).toBe(
      'Submitted. The bank usually answers within a few minutes.',
    );
  });

  it('lets the user choose another card', async () => {
    const api = bank();
    renderApp('/personCenter/payment');
    await userEvent.click(await screen.findByTestId('transfer-card'));
    const sheet = await screen.findByRole('dialog', { name: 'Choose a card' });
    await userEvent.click(within(sheet).getByText('China Construction Bank (3442)'));
    await userEvent.type(screen.getByTestId('transfer-amount'), '10');
    await userEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(sent(api).body.cardId).toBe(cards[1]?.id));
  });

  it.each([
    ['', 'Transfer amount cannot be less than or equal to 0 or empty.'],
    ['0', 'Transfer amount cannot be less than or equal to 0 or empty.'],
    ['1.005', 'Please fill correct amount.'],
    ['10000.01', 'Transfer amount cannot be larger than your withdrawable balance (10,000.00 CNY).'],
  ])('refuses to transfer out %j: %s', async (amount, message) => {
    const api = bank();
    renderApp('/personCenter/paymentOut');
    if (amount) await userEvent.type(await screen.findByTestId('transfer-amount'), amount);
    await userEvent.click(await screen.findByTestId('transfer-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByTestId('pay-password-sheet')).toBeNull();
    expect(callsTo(api, 'POST /bank/transfers')).toHaveLength(0);
  });

  it('asks for the payment password to transfer out, and retries a wrong one with the same key', async () => {
    let attempt = 0;
    const api = bank({
      'POST /bank/transfers': () => {
        attempt += 1;
        const body =
          attempt === 1
            ? { code: 400, msg: 'Wrong payment password. Attempts left: 4.', key: 'payPassword.wrong' }
            : { code: 1, msg: 'ok', data: transferOf(1, { direction: 'out' }) };
        return new Response(JSON.stringify(body), {
          status: attempt === 1 ? 400 : 200,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const router = renderApp('/bankIn/out');
    await userEvent.click(await screen.findByTestId('transfer-all'));
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('10000.00');
    await userEvent.click(screen.getByTestId('transfer-submit'));
    const sheet = await screen.findByTestId('pay-password-sheet');
    expect(sheet.textContent).toContain(
      'Transfer out 10,000.00 CNY to Industrial and Commercial Bank of China (3441)',
    );
    await userEvent.type(await within(sheet).findByTestId('pay-password-input'), '000000');
    expect(await within(sheet).findByText('Wrong payment password. Attempts left: 4.')).toBeTruthy();
    await userEvent.type(within(sheet).getByTestId('pay-password-input'), '135790');
    await settlesAt(router, '/bankRecord');
    const [first, second] = [sent(api, 0), sent(api, 1)];
    expect(first.body).toEqual({
      direction: 'out',
      cardId: cards[0]?.id,
      amount: '10000.00',
      payPassword: '000000',
    });
    expect(second.body.payPassword).toBe('135790');
    expect(second.key).toBe(first.key);
  });

  it('asks for a card to be bound first', async () => {
    fakeApi({ 'GET /bank/cards': ok([]), 'GET /trade/account': ok(account) });
    renderApp('/bankIn/out');
    expect((await screen.findByTestId('transfer-no-card')).textContent).toContain(
      'Bind a bank card to transfer cash.',
    );
  });
});

describe('/ucenter/transfer', () => {
  it('shows the cash that can move and leads in or out', async () => {
    bank();
    const router = renderApp('/ucenter/transfer');
    await waitFor(() => expect(screen.getByTestId('transfer-withdrawable').textContent).toBe('10,000.00'));
    await userEvent.click(screen.getByTestId('transfer-out'));
    await settlesAt(router, '/bankIn/out');
    // The title can still be the previous screen's for a moment while the new one mounts.
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Transfer out'));
  });
});
