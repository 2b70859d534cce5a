import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';

beforeEach(() => resetSession());
afterEach(() => vi.unstubAllGlobals());

const bodyOf = (api: ReturnType<typeof fakeApi>, call: string) =>
  JSON.parse(String(callsTo(api, call)[0]?.body)) as unknown;

describe('forgot password', () => {
  it('checks the account, asks for a code, then goes on to the code step with the account filled in', async () => {
    const api = fakeApi({ 'POST /user/forgotPassword': ok(null) });
    const router = renderApp('/forgotPassword');
    await userEvent.type(await screen.findByTestId('forgot-password-account'), 'a b');
    await userEvent.click(screen.getByTestId('forgot-password-send'));
    expect(screen.getByText("The account must be 4 to 32 letters, digits or '_'.")).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByTestId('forgot-password-account'));
    await userEvent.type(screen.getByTestId('forgot-password-account'), 'alice_1');
    await userEvent.click(screen.getByTestId('forgot-password-send'));
    await settlesAt(router, '/changePassword?account=alice_1');
    expect(bodyOf(api, 'POST /user/forgotPassword')).toEqual({ account: 'alice_1' });
    expect(useToastStore.getState().current?.message).toBe(
      'If this account exists, a code is on its way to its email.',
    );
    expect((await screen.findByTestId<HTMLInputElement>('reset-password-account')).value).toBe('alice_1');
  }, 20_000);

  it('sets the new password with the code, ends the session here and asks to log in', async () => {
    logInAsDemo();
    const api = fakeApi({ 'POST /user/resetPassword': ok(null) });
    const router = renderApp('/changePassword?account=alice_1');
    await userEvent.type(await screen.findByTestId('reset-password-code'), '12345');
    await userEvent.type(screen.getByTestId('reset-password-password'), 'better1');
    await userEvent.type(screen.getByTestId('reset-password-confirmPassword'), 'better2');
    await userEvent.click(screen.getByTestId('reset-password-submit'));
    expect(screen.getByText('Please enter the 6-digit code from the email.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(callsTo(api, 'POST /user/resetPassword')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('reset-password-code'), '6');
    await userEvent.clear(screen.getByTestId('reset-password-confirmPassword'));
    await userEvent.type(screen.getByTestId('reset-password-confirmPassword'), 'better1');
    await userEvent.click(screen.getByTestId('reset-password-submit'));
    await settlesAt(router, '/login');
    expect(bodyOf(api, 'POST /user/resetPassword')).toEqual({
      account: 'alice_1',
      code: '123456',
      password: 'better1',
      confirmPassword: 'better1',
    });
    expect(useSession.getState().token).toBe('');
  }, 20_000);

  it("shows the server's refusal of a wrong code and stays", async () => {
    fakeApi({
      'POST /user/resetPassword': {
        status: 400,
        body: { code: 400, msg: 'The code is wrong or has expired. Please ask for a new one.' },
      },
    });
    const router = renderApp('/changePassword?account=alice_1');
    await userEvent.type(await screen.findByTestId('reset-password-code'), '000000');
    await userEvent.type(screen.getByTestId('reset-password-password'), 'better1');
    await userEvent.type(screen.getByTestId('reset-password-confirmPassword'), 'better1');
    await userEvent.click(screen.getByTestId('reset-password-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'The code is wrong or has expired. Please ask for a new one.',
    );
    expect(router.state.location.pathname).toBe('/changePassword');
  });
});
