import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeApi, ok } from '../../test/fixtures.ts';
import { logIn, renderApp, resetSession, settlesAt } from '../../test/renderApp.tsx';

beforeEach(() => {
  resetSession();
  logIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('my', () => {
  it('loads the user and shows who is logged in, with the tab bar', async () => {
    fakeApi({ 'GET /user/info': ok(demoUser), 'GET /messages/unreadCount': ok({ unread: 0 }) });
    const router = renderApp('/my');
    await settlesAt(router, '/my');
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Ming Wang');
    expect(screen.getByTestId('profile').textContent).toContain('138****8000');
    expect(screen.getByRole('navigation', { name: 'Main sections' })).toBeTruthy();
    expect(screen.getByTestId('my-link-settings').getAttribute('href')).toBe('/setting');
    expect(screen.queryByTestId('my-link-backOffice')).toBeNull();
  });

  it('leads an admin to the back office', async () => {
    fakeApi({
      'GET /user/info': ok({ ...demoUser, role: 'admin' }),
      'GET /messages/unreadCount': ok({ unread: 0 }),
    });
    renderApp('/my');
    expect((await screen.findByTestId('my-link-backOffice')).getAttribute('href')).toBe('/admin');
  });

  it('is also the personal center, with a back button instead of the tab bar', async () => {
    fakeApi({ 'GET /user/info': ok(demoUser), 'GET /messages/unreadCount': ok({ unread: 0 }) });
    renderApp('/personCenter');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Personal center');
    expect(screen.queryByRole('navigation', { name: 'Main sections' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});
