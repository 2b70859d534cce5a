import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

const status = (isSet: boolean) => ok({ isSet, lockedUntil: null });

async function enter(field: string, digits: string) {
  if (digits) await userEvent.type(await screen.findByTestId(`pay-password-${field}`), digits);
}

describe('/payPwd', () => {
  it('sets the first payment password without asking for an old one', async () => {
    const api = fakeApi({
      'GET /user/payPassword': status(false),
      'POST /user/payPassword': status(true),
    });
    const router = renderApp('/payPwd');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Payment password');
    expect(await screen.findByText(/Set a 6-digit payment password/)).toBeTruthy();
    expect(screen.queryByTestId('pay-password-oldPayPassword')).toBeNull();
    await enter('newPayPassword', '246810');
    await enter('confirmPayPassword', '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    await settlesAt(router, '/my');
    expect(JSON.parse(String(callsTo(api, 'POST /user/payPassword')[0]?.body))).toEqual({
      oldPayPassword: '',
      newPayPassword: '246810',
      confirmPayPassword: '246810',
    });
    expect(useToastStore.getState().current?.message).toBe('Payment password saved.');
  });

  it('changes it with the old one', async () => {
    const api = fakeApi({
      'GET /user/payPassword': status(true),
      'POST /user/payPassword': status(true),
    });
    renderApp('/payPwd');
    await enter('oldPayPassword', '246810');
    await enter('newPayPassword', '135790');
    await enter('confirmPayPassword', '135790');
    await userEvent.click(screen.getByRole('button', { name: 'Change payment password' }));
    await vi.waitFor(() => expect(callsTo(api, 'POST /user/payPassword')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, 'POST /user/payPassword')[0]?.body))).toMatchObject({
      oldPayPassword: '246810',
      newPayPassword: '135790',
    });
  });

  it.each([
    [
      'a short password',
      true,
      { oldPayPassword: '246810', newPayPassword: '1357', confirmPayPassword: '1357' },
      'The payment password must be 6 digits.',
    ],
    [
      'a confirmation that differs',
      false,
      { newPayPassword: '135790', confirmPayPassword: '135791' },
      'Passwords do not match.',
    ],
    [
      'the same new password',
      true,
      { oldPayPassword: '246810', newPayPassword: '246810', confirmPayPassword: '246810' },
      'The new password must be different from the old one.',
    ],
    [
      'no old password',
      true,
      { newPayPassword: '135790', confirmPayPassword: '135790' },
      'Please fill in your current payment password.',
    ],
  ] as const)('refuses %s before sending anything', async (_, isSet, form, message) => {
    const api = fakeApi({ 'GET /user/payPassword': status(isSet) });
    renderApp('/payPwd');
    await screen.findByTestId('pay-password-newPayPassword');
    for (const [field, digits] of Object.entries(form)) await enter(field, digits);
    await userEvent.click(screen.getByTestId('pay-password-submit'));
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    expect(callsTo(api, 'POST /user/payPassword')).toHaveLength(0);
  });

  it("shows the server's refusal and clears the entries", async () => {
    fakeApi({
      'GET /user/payPassword': status(true),
      'POST /user/payPassword': {
        status: 400,
        body: { code: 400, msg: 'Wrong payment password. Attempts left: 4.', key: 'payPassword.wrong' },
      },
    });
    renderApp('/payPwd');
    await enter('oldPayPassword', '000000');
    await enter('newPayPassword', '135790');
    await enter('confirmPayPassword', '135790');
    await userEvent.click(screen.getByTestId('pay-password-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Wrong payment password. Attempts left: 4.',
    );
    expect(screen.getByTestId<HTMLInputElement>('pay-password-oldPayPassword').value).toBe('');
  });
});
