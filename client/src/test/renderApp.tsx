import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { App } from '../app/App.tsx';
import { appRoutes } from '../app/routes.tsx';
import { wireHttp } from '../app/wiring.ts';
import { persistedSessionState, useSession } from '../features/session/sessionStore.ts';
import { removeCookie, setCookie } from '../lib/cookies.ts';
import { resetDuplicateGuard } from '../lib/http/client.ts';
import { toast } from '../shared-ui/toast/toastStore.ts';
import { demoUser } from './demoUser.ts';

export type TestRouter = ReturnType<typeof createMemoryRouter>;

/** The whole app (routes, guard, toasts) in memory, opened at `path`. */
export function renderApp(path: string): TestRouter {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  wireHttp(router);
  render(<App router={router} />);
  return router;
}

/** Waits until the app has come to rest at `pathAndSearch`. */
export async function settlesAt(router: TestRouter, pathAndSearch: string): Promise<void> {
  await waitFor(
    () => {
      const { pathname, search } = router.state.location;
      expect(pathname + search).toBe(pathAndSearch);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 5000 },
  );
}

/** A logged-out visitor reading English, with no toast, cookie or previous submit left over. */
export function resetSession(): void {
  removeCookie('Admin-Token');
  removeCookie('Local_Lang');
  useSession.setState({
    ...persistedSessionState(),
    setting: { lang: { file_name: 'en', language_name: 'English' } },
  });
  resetDuplicateGuard();
  toast.clear();
}

export function logIn(kfUrl: string | null = 'https://kf.example'): void {
  setCookie('Admin-Token', 'tok', 3);
  useSession.setState({ token: 'tok', kfUrl });
}

/** Logged in as the demo user, with the profile already loaded. */
export function logInAsDemo(): void {
  logIn();
  useSession.setState({ userInfo: demoUser });
}
