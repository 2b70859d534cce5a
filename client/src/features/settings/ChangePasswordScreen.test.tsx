import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '../../lib/cookies.ts';
import { useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(() => vi.unstubAllGlobals());

async function fill(oldPassword: string, newPassword: string, confirmPassword: string) {
  await userEvent.type(await screen.findByTestId('change-password-oldPassword'), oldPassword);
  await userEvent.type(screen.getByTestId('change-password-newPassword'), newPassword);
  await userEvent.type(screen.getByTestId('change-password-confirmPassword'), confirmPassword);
  await userEvent.click(screen.getByTestId('change-password-submit'));
}

describe('change login password', () => {
  it('refuses a new password equal to the old one', async () => {
    const api = fakeApi({});
    renderApp('/change-pwt');
    await fill('demo123', 'demo123', 'demo123');
    expect(screen.getByText('The new password must be different from the old one.')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it('on success logs out here too and asks to log in again', async () => {
    const api = fakeApi({ 'POST /user/changePassword': ok(null) });
    const router = renderApp('/change-pwt');
    await fill('demo123', 'better1', 'better1');
    await settlesAt(router, '/login');
    expect(JSON.parse(String(callsTo(api, 'POST /user/changePassword')[0]?.body))).toEqual({
      oldPassword: 'demo123',
      newPassword: 'better1',
    });
    expect(useSession.getState().token).toBe('');
    expect(getCookie('Admin-Token')).toBeUndefined();
    expect(useToastStore.getState().current?.message).toBe(
      'Password changed. Please log in with your new password.',
    );
  });

  it("shows the server's refusal", async () => {
    fakeApi({
      'POST /user/changePassword': { status: 400, body: { code: 400, msg: 'The old password is wrong.' } },
    });
    renderApp('/change-pwt');
    await fill('nope123', 'better1', 'better1');
    expect((await screen.findByTestId('form-error')).textContent).toBe('The old password is wrong.');
    expect(useSession.getState().token).toBe('tok');
  });
});
