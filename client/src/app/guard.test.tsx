import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../features/session/sessionStore.ts';
import { getCookie } from '../lib/cookies.ts';
import { useToastStore } from '../shared-ui/toast/toastStore.ts';
import { callsTo, demoUser, fakeApi, ok } from '../test/fixtures.ts';
import { logIn, renderApp, resetSession, settlesAt } from '../test/renderApp.tsx';
import { decideNavigation, loginPath, returnPath } from './guard.ts';

beforeEach(resetSession);

afterEach(() => vi.unstubAllGlobals());

describe('decideNavigation', () => {
  const out = { token: '', kfUrl: null };
  const inWithConfig = { token: 't', kfUrl: 'https://kf' };

  it('lets anyone see open screens and sends account screens to /login with the way back', () => {
    expect(decideNavigation('/market', '', out)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/setting', '?tab=1', out)).toEqual({
      kind: 'login',
      returnTo: '/setting?tab=1',
    });
  });

  it('sends a logged-in user away from /login and fetches the config once', () => {
    expect(decideNavigation('/login', '', inWithConfig)).toEqual({ kind: 'root' });
    expect(decideNavigation('/my', '', { token: 't', kfUrl: null })).toEqual({ kind: 'loadConfig' });
    expect(decideNavigation('/my', '', { token: 't', kfUrl: '' })).toEqual({ kind: 'allow' });
  });
});

describe('loginPath and returnPath', () => {
  it('remembers an in-app path and returns only to one', () => {
    expect(loginPath('/setting?a=1')).toBe('/login?redirect=%2Fsetting%3Fa%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(returnPath(new URLSearchParams('redirect=%2Fsetting%3Fa%3D1'))).toBe('/setting?a=1');
    expect(returnPath(new URLSearchParams('redirect=https://evil.example'))).toBe('/');
    expect(returnPath(new URLSearchParams('redirect=//evil.example'))).toBe('/');
    expect(returnPath(new URLSearchParams(''))).toBe('/');
  });
});

describe('the guard in the router', () => {
  it('redirects / to /home, which is open', async () => {
    const api = fakeApi({});
    const router = renderApp('/');
    await settlesAt(router, '/home');
    // Home may already be loading its public market data; the guard itself asks for nothing.
    expect(callsTo(api, 'GET /user/info')).toHaveLength(0);
    expect(callsTo(api, 'GET /stock/getconfig')).toHaveLength(0);
  });

  it("sends a visitor on an account screen to /login with 'Please login first'", async () => {
    fakeApi({});
    const router = renderApp('/setting');
    await settlesAt(router, '/login?redirect=%2Fsetting');
    expect(useToastStore.getState().current?.message).toBe('Please login first.');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });

  it('fetches the customer-service config once after login, then lets the user in', async () => {
    logIn(null);
    const api = fakeApi({
      'GET /stock/getconfig': ok({ kf_url: 'https://kf.example' }),
      'GET /user/info': ok(demoUser),
    });
    const router = renderApp('/setting');
    await settlesAt(router, '/setting');
    expect(useSession.getState().kfUrl).toBe('https://kf.example');
    await router.navigate('/aboutUs');
    await settlesAt(router, '/aboutUs');
    expect(callsTo(api, 'GET /stock/getconfig')).toHaveLength(1);
    expect(useSession.getState().userInfo).toEqual(demoUser);
  });

  it('keeps the session and opens the screen when the config cannot be fetched (offline, a timeout)', async () => {
    logIn(null);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const router = renderApp('/my');
    await settlesAt(router, '/my');
    expect(useSession.getState().token).not.toBe('');
    expect(getCookie('Admin-Token')).toBeDefined();
  });

  it('a 401 on the config ends the session and goes to /login, remembering the screen', async () => {
    logIn(null);
    fakeApi({
      'GET /stock/getconfig': { status: 401, body: { code: 401, msg: 'Your session has expired.' } },
    });
    const router = renderApp('/setting');
    await settlesAt(router, '/login?redirect=%2Fsetting');
    expect(useSession.getState().token).toBe('');
    expect(getCookie('Admin-Token')).toBeUndefined();
  });

  it('sends a logged-in user opening /login to / and on to /home', async () => {
    logIn('https://kf');
    fakeApi({ 'GET /user/info': ok(demoUser) });
    const router = renderApp('/login');
    await settlesAt(router, '/home');
  });

  it('a 401 while logged in clears the session and goes to /login, remembering the screen', async () => {
    logIn('https://kf');
    fakeApi({ 'GET /user/info': { status: 401, body: { code: 401, msg: 'Your session has expired.' } } });
    const router = renderApp('/setting');
    // The guard starts loading user info; its 401 ends the session.
    await settlesAt(router, '/login?redirect=%2Fsetting');
    expect(useSession.getState().token).toBe('');
    expect(useSession.getState().userInfo).toBeNull();
    expect(getCookie('Admin-Token')).toBeUndefined();
  });
});
