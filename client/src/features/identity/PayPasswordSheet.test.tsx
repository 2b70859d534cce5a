import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { request } from '../../lib/http/client.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logIn, resetSession } from '../../test/renderApp.tsx';
import { PayPasswordSheet } from './PayPasswordSheet.tsx';

beforeEach(() => {
  resetSession();
  logIn();
});
afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, key: string, msg: string) => ({ status, body: { code: status, msg, key } });

/** A money-out screen: its action sends the entered password to a fake endpoint, silently. */
function renderSheet({ returnTo }: { returnTo?: string } = {}) {
  const onClose = vi.fn();
  const pay = (payPassword: string) =>
    request('post', '/fake/pay', z.null(), { body: { payPassword }, silent: true }).then(() => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/pay',
        element: (
          <PayPasswordSheet
            summary="Transfer out 1000.00 CNY"
            onConfirm={pay}
            onClose={onClose}
            returnTo={returnTo}
          />
        ),
      },
      { path: '/payPwd', element: <p>payment password screen</p> },
      { path: '/orders', element: <p>orders</p> },
    ],
    { initialEntries: ['/pay'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onClose };
}

const typePin = async (digits: string) =>
  userEvent.type(await screen.findByTestId('pay-password-input'), digits);

describe('PayPasswordSheet', () => {
  it('sends the six digits as soon as the last is typed, then closes', async () => {
    const api = fakeApi({
      'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }),
      'POST /fake/pay': ok(null),
    });
    const { onClose } = renderSheet();
    expect(screen.getByRole('dialog', { name: 'Payment password' })).toBeTruthy();
    expect(screen.getByText('Transfer out 1000.00 CNY')).toBeTruthy();
    await typePin('13579');
    expect(callsTo(api, 'POST /fake/pay')).toHaveLength(0);
    await typePin('0');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(callsTo(api, 'POST /fake/pay')[0]?.body))).toEqual({ payPassword: '135790' });
  });

  it('puts the focus in the password field as it opens, so the keyboard rises', async () => {
    fakeApi({ 'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }) });
    renderSheet();
    const input = await screen.findByTestId('pay-password-input');
    expect(document.activeElement).toBe(input);
    // Still there once the password's status has arrived.
    await waitFor(() => expect(screen.getByTestId('pay-password-input')).toBe(document.activeElement));
  });

  it("offers 'Go Setting' when no payment password is set", async () => {
    fakeApi({ 'GET /user/payPassword': ok({ isSet: false, lockedUntil: null }) });
    const { router } = renderSheet();
    expect((await screen.findByTestId('pay-password-not-set')).textContent).toContain(
      'You have not set a payment password yet.',
    );
    expect(screen.queryByTestId('pay-password-input')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go Setting' }));
    expect(router.state.location.pathname).toBe('/payPwd');
  });

  it("leads the way back from 'Go Setting' to where the screen says, not to itself", async () => {
    fakeApi({ 'GET /user/payPassword': ok({ isSet: false, lockedUntil: null }) });
    const { router } = renderSheet({ returnTo: '/orders' });
    await userEvent.click(await screen.findByRole('link', { name: 'Go Setting' }));
    expect(router.state.location.pathname).toBe('/payPwd');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/orders');
  });

  it("switches to 'Go Setting' when the action answers payPassword.notSet", async () => {
    fakeApi({
      'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }),
      'POST /fake/pay': refusal(400, 'payPassword.notSet', 'You have not set a payment password.'),
    });
    renderSheet();
    await typePin('135790');
    expect(await screen.findByTestId('pay-password-go-setting')).toBeTruthy();
  });

  it('shows a wrong entry with the attempts left and starts the entry again', async () => {
    fakeApi({
      'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }),
      'POST /fake/pay': refusal(400, 'payPassword.wrong', 'Wrong payment password. Attempts left: 3.'),
    });
    const { onClose } = renderSheet();
    await typePin('000000');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong payment password. Attempts left: 3.');
    expect(screen.getByTestId<HTMLInputElement>('pay-password-input').value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says until when it is locked, from the status or from the answer', async () => {
    fakeApi({
      'GET /user/payPassword': ok({ isSet: true, lockedUntil: null }),
      'POST /fake/pay': refusal(
        429,
        'payPassword.locked',
        'Too many wrong payment passwords. Payments are locked until 14:35 (Beijing time).',
      ),
    });
    renderSheet();
    await typePin('000000');
    expect((await screen.findByTestId('pay-password-locked')).textContent).toBe(
      'Too many wrong payment passwords. Payments are locked until 14:35 (Beijing time).',
    );
    expect(screen.queryByTestId('pay-password-input')).toBeNull();
  });

  it('shows a lock it learns on opening', async () => {
    // 06:35 UTC is 14:35 in Beijing, the market's time the app shows.
    fakeApi({ 'GET /user/payPassword': ok({ isSet: true, lockedUntil: '2026-07-10T06:35:00.000Z' }) });
    renderSheet();
    expect((await screen.findByTestId('pay-password-locked')).textContent).toBe(
      'Locked after too many wrong entries, until 14:35.',
    );
  });
});
