import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, demoUser, fakeApi, ok } from '../../test/fixtures.ts';
import { renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { decryptQuery, testKeyPair } from '../../test/rsa.ts';
import { useSession } from '../session/sessionStore.ts';

let keys: Awaited<ReturnType<typeof testKeyPair>>;

beforeAll(async () => {
  keys = await testKeyPair();
});
beforeEach(resetSession);
afterEach(() => vi.unstubAllGlobals());

const VALID = {
  account: 'wang_01',
  password: 'secret1',
  confirmPassword: 'secret1',
  username: 'Wang',
  givenName: 'Ming',
  email: 'wang@example.com',
  mobile: '13800138000',
};

async function fill(values: Partial<typeof VALID>) {
  for (const [field, value] of Object.entries(values)) {
    const input = await screen.findByTestId(`register-${field}`);
    await userEvent.clear(input);
    await userEvent.type(input, value);
  }
}

const errorOf = (field: string) => {
  const input = screen.getByTestId(`register-${field}`);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('register', () => {
  it('validates every field with the shared schemas before sending', async () => {
    const api = fakeApi({});
    renderApp('/register');
    await fill({
      account: 'ab',
      email: 'nope',
      mobile: '12345',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    await userEvent.click(screen.getByTestId('register-submit'));
    expect(errorOf('account')).toBe("The account must be 4 to 32 letters, digits or '_'.");
    expect(errorOf('email')).toBe('Please fill correct email.');
    expect(errorOf('mobile')).toBe('Please enter a correct mobile phone number.');
    expect(errorOf('confirmPassword')).toBe('Passwords do not match.');
    expect(errorOf('username')).toBeTruthy();
    expect(errorOf('agree')).toBe('Please read and accept the user agreement.');
    expect(callsTo(api, 'POST /user/register')).toHaveLength(0);
  });

  it('registers with the encrypted credentials and the UI language, then logs in', async () => {
    const api = fakeApi({
      'GET /user/pubkey': ok({ publicKey: keys.pem }),
      'GET /stock/getconfig': ok({ kf_url: '' }),
      'POST /user/register': ok({ userinfo: { ...demoUser, account: 'wang_01', token: 'tok-new' } }),
    });
    const router = renderApp('/register');
    await fill(VALID);
    await userEvent.click(screen.getByTestId('register-agree'));
    await userEvent.click(screen.getByTestId('register-submit'));
    await settlesAt(router, '/home');
    const { query } = JSON.parse(String(callsTo(api, 'POST /user/register')[0]?.body)) as { query: string };
    const { confirmPassword: _confirm, ...credentials } = VALID;
    expect(await decryptQuery(query, keys.privateKey)).toEqual({ ...credentials, lang: 'en' });
    expect(useSession.getState().token).toBe('tok-new');
  });

  it('keeps the form (not the passwords) while the user reads and accepts the agreement', async () => {
    fakeApi({});
    const router = renderApp('/register');
    await fill({ account: 'wang_01', password: 'secret1', email: 'wang@example.com' });
    await userEvent.click(screen.getByTestId('link-agreement'));
    await settlesAt(router, '/agreement');
    expect((await screen.findByTestId('info-userAgreement')).textContent).toContain('not a licensed broker');
    await userEvent.click(screen.getByTestId('agreement-accept'));
    await settlesAt(router, '/register');
    expect(((await screen.findByTestId('register-account')) as HTMLInputElement).value).toBe('wang_01');
    expect((screen.getByTestId('register-email') as HTMLInputElement).value).toBe('wang@example.com');
    expect((screen.getByTestId('register-password') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('register-agree') as HTMLInputElement).checked).toBe(true);
  });
});
