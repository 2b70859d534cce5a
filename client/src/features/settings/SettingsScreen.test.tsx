import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { getCookie } from '../../lib/cookies.ts';
import { callsTo, fakeApi, ok } from '../../test/fixtures.ts';
import { logInAsDemo, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { useSession } from '../session/sessionStore.ts';

beforeEach(() => {
  resetSession();
  logInAsDemo();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await initI18n('en');
});

describe('settings', () => {
  it('switches the language at once and saves it on the account', async () => {
    const api = fakeApi({ 'POST /user/lang': ok({ lang: { file_name: 'ja', language_name: '日本語' } }) });
    renderApp('/setting');
    const picker = await screen.findByTestId('language-picker');
    expect(picker.querySelectorAll('[role="radio"]')).toHaveLength(7);
    await userEvent.click(screen.getByRole('radio', { name: '日本語' }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('設定'));
    expect(document.documentElement.lang).toBe('ja');
    expect(screen.getByRole('radio', { name: '日本語' }).getAttribute('aria-checked')).toBe('true');
    expect(JSON.parse(getCookie('Local_Lang') ?? '{}')).toEqual({ file_name: 'ja', language_name: '日本語' });
    await waitFor(() => expect(callsTo(api, 'POST /user/lang')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, 'POST /user/lang')[0]?.body))).toEqual({ lang: 'ja' });
  });

  it('switches the colour convention', async () => {
    fakeApi({});
    renderApp('/setting');
    await userEvent.click(await screen.findByTestId('colour-picker-green-up'));
    expect(document.documentElement.dataset.colors).toBe('green-up');
    expect(useSession.getState().colors).toBe('green-up');
  });

  it('logs out on the server and here, then shows /login', async () => {
    const api = fakeApi({ 'POST /user/logout': ok(null) });
    const router = renderApp('/setting');
    await userEvent.click(await screen.findByTestId('logout'));
    await settlesAt(router, '/login');
    expect(callsTo(api, 'POST /user/logout')[0]?.headers).toMatchObject({ token: 'tok' });
    expect(useSession.getState().token).toBe('');
    expect(getCookie('Admin-Token')).toBeUndefined();
  });
});
