import { useSession } from '../features/session/sessionStore.ts';
import { configureHttp } from '../lib/http/client.ts';
import { loginPath } from './guard.ts';
import type { AppRouter } from './routes.tsx';

/** Gives the HTTP client the session's token and language and the way to /login after a 401. */
export function wireHttp(router: AppRouter): void {
  configureHttp({
    getToken: () => useSession.getState().token,
    getLocale: () => useSession.getState().setting.lang.file_name,
    onUnauthorized: () => {
      useSession.getState().logout();
      const { pathname, search } = router.state.location;
      void router.navigate(loginPath(`${pathname}${search}`), { replace: true });
    },
  });
}
