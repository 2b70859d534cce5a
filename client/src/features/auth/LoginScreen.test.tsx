import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '../../lib/cookies.ts';
import { callsTo, demoUser, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';
import { decryptQuery, testKeyPair } from '../../test/rsa.ts';
import { useSession } from '../session/sessionStore.ts';

let keys: Awaited<ReturnType<typeof testKeyPair>>;

beforeAll(async () => {
  keys = await testKeyPair();
});
beforeEach(resetSession);
afterEach(() => vi.unstubAllGlobals());

/** A server that knows demo / demo123. */
function server() {
  return fakeApi({
    'GET /user/pubkey': ok({ publicKey: keys.pem }),
    'GET /stock/getconfig': ok({ kf_url: 'https://kf.example' }),
    'POST /user/login': async (init) => {
      const { query } = JSON.parse(String(init?.body)) as { query: string };
      const credentials = await decryptQuery(query, keys.privateKey);
      return JSON.stringify(credentials) === JSON.stringify({ account: 'demo', password: 'demo123' })
        ? jsonResponse({ code: 1, msg: 'ok', data: { userinfo: { ...demoUser, token: 'tok-demo' } } })
        : jsonResponse({ code: 401, msg: 'Wrong account or password.' }, 401);
    },
  });
}

async function fillIn(account: string, password: string) {
  await userEvent.type(await screen.findByTestId('login-account'), account);
  await userEvent.type(screen.getByTestId('login-password'), password);
  await userEvent.click(screen.getByTestId('login-submit'));
}

describe('login', () => {
  it('asks for account and password before sending anything', async () => {
    const api = server();
    renderApp('/login');
    await userEvent.click(await screen.findByTestId('login-submit'));
    expect(screen.getByTestId('form-error').textContent).toBe('Please input account and password.');
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the credentials encrypted, starts the session and returns to the screen asked for', async () => {
    const api = server();
    const router = renderApp('/login?redirect=%2Fsetting');
    await fillIn('demo', 'demo123');
    await settlesAt(router, '/setting');
    expect(useSession.getState().token).toBe('tok-demo');
    expect(useSession.getState().userInfo?.account).toBe('demo');
    expect(getCookie('Admin-Token')).toBe('tok-demo');
    expect(String(callsTo(api, 'POST /user/login')[0]?.body)).not.toContain('demo123');
  });

  it("shows the server's message on a wrong password and stays", async () => {
    server();
    const router = renderApp('/login?redirect=%2Fsetting');
    await fillIn('demo', 'wrong-one');
    expect((await screen.findByTestId('form-error')).textContent).toBe('Wrong account or password.');
    expect(router.state.location.search).toBe('?redirect=%2Fsetting');
    expect(useSession.getState().token).toBe('');
  });

  it('shows and hides the password', async () => {
    server();
    renderApp('/login');
    const password = await screen.findByTestId('login-password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('links to register and forgot password', async () => {
    server();
    const router = renderApp('/login');
    await userEvent.click(await screen.findByTestId('link-forgot-password'));
    await settlesAt(router, '/forgotPassword');
    expect((await screen.findByTestId('forgot-password-intro')).textContent).toContain('code');
  });
});
