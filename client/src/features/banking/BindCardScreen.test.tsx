import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { cardOf, ICBC_CARD, verified } from '../../test/bankingFixtures.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

describe('/ucenter/bank', () => {
  it('binds a card in the verified name, grouping the digits and naming the bank as they are typed', async () => {
    const api = fakeApi({
      'GET /user/authenticationDetail': ok(verified),
      'POST /bank/cards': ok(cardOf(1)),
      'GET /bank/cards': ok([cardOf(1)]),
    });
    const router = renderApp('/ucenter/bank');
    const holder = (await screen.findByTestId('bind-holder')) as HTMLInputElement;
    expect(holder.value).toBe('李雷');
    expect(holder.readOnly).toBe(true);
    const number = screen.getByTestId('bind-number') as HTMLInputElement;
    await userEvent.type(number, ICBC_CARD);
    expect(number.value).toBe('6222 0202 0011 2233 446');
    expect(screen.getByTestId('bind-bank').textContent).toBe('Bank: Industrial and Commercial Bank of China');
    await userEvent.click(screen.getByTestId('bind-submit'));
    await settlesAt(router, '/ucenter/bank-list');
    expect(JSON.parse(String(callsTo(api, 'POST /bank/cards')[0]?.body))).toEqual({
      cardNumber: ICBC_CARD,
      holderName: '李雷',
    });
    expect(useToastStore.getState().current?.message).toBe('Card bound.');
  });

  it.each([
    ['', 'Please fill in the card number.'],
    ['622202020011223', 'A bank card number has 16 to 19 digits.'],
    ['6222020200112233445', 'This card number is not valid. Please check it and try again.'],
    [
      '4111111111111111',
      "This card's bank is not supported. Please use a debit card of one of the supported banks.",
    ],
  ])('refuses %j before sending it', async (typed, message) => {
    const api = fakeApi({ 'GET /user/authenticationDetail': ok(verified) });
    renderApp('/ucenter/bank');
    if (typed) await userEvent.type(await screen.findByTestId('bind-number'), typed);
    await userEvent.click(await screen.findByTestId('bind-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(callsTo(api, 'POST /bank/cards')).toHaveLength(0);
  });

  it('drops the card number error as soon as the number is corrected', async () => {
    fakeApi({ 'GET /user/authenticationDetail': ok(verified) });
    renderApp('/ucenter/bank');
    const number = await screen.findByTestId('bind-number');
    // One digit off: the checksum fails.
    await userEvent.type(number, '6222020200112233445');
    await userEvent.click(screen.getByTestId('bind-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This card number is not valid. Please check it and try again.',
    );
    await userEvent.type(number, '{Backspace}6');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(number.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's refusal in the form", async () => {
    fakeApi({
      'GET /user/authenticationDetail': ok(verified),
      'POST /bank/cards': {
        status: 409,
        body: { code: 409, msg: 'This card is already bound.', key: 'bank.cardTaken' },
      },
    });
    renderApp('/ucenter/bank');
    await userEvent.type(await screen.findByTestId('bind-number'), ICBC_CARD);
    await userEvent.click(screen.getByTestId('bind-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe('This card is already bound.');
  });

  it('sends a user without a verified name to verification first', async () => {
    fakeApi({ 'GET /user/authenticationDetail': ok({ ...verified, status: 'pending' }) });
    const router = renderApp('/ucenter/bank');
    expect((await screen.findByTestId('bind-not-verified')).textContent).toContain(
      'Please complete real-name verification before binding a card.',
    );
    expect(screen.queryByTestId('bind-number')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Verify now' }));
    await settlesAt(router, '/realNameAuthentication');
  });
});
