import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import { useSession } from '../features/session/sessionStore.ts';
import { errorText } from '../i18n/index.ts';
import { logger } from '../lib/logger.ts';
import { toast } from '../shared-ui/toast/toastStore.ts';
import { isOpenPath } from './openPaths.ts';

export const LOGIN_PATH = '/login';

/** The API layer (and zod with the contracts) loads only once someone is logged in. */
const sessionApi = () => import('../features/session/sessionApi.ts');
export const REDIRECT_PARAM = 'redirect';

export type GuardDecision =
  | { kind: 'allow' }
  /** Not logged in on an account screen: to /login, remembering where they were going. */
  | { kind: 'login'; returnTo: string }
  /** Logged in and opening /login. */
  | { kind: 'root' }
  /** Logged in without the customer-service config: fetch it, then decide again. */
  | { kind: 'loadConfig' };

export function decideNavigation(
  pathname: string,
  search: string,
  session: { token: string; kfUrl: string | null },
): GuardDecision {
  if (session.token) {
    if (pathname === LOGIN_PATH) return { kind: 'root' };
    if (session.kfUrl === null) return { kind: 'loadConfig' };
    return { kind: 'allow' };
  }
  if (isOpenPath(pathname)) return { kind: 'allow' };
  return { kind: 'login', returnTo: `${pathname}${search}` };
}

export function loginPath(returnTo?: string): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}

/** Where to go after login: the remembered in-app path, never another origin. */
export function returnPath(searchParams: URLSearchParams): string {
  const target = searchParams.get(REDIRECT_PARAM);
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/';
}

/** The root route's loader: runs before every navigation (the root always revalidates). */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  let decision = decideNavigation(url.pathname, url.search, useSession.getState());
  if (decision.kind === 'loadConfig') {
    try {
      await (await sessionApi()).loadConfig();
      decision = decideNavigation(url.pathname, url.search, useSession.getState());
    } catch (error) {
      // A 401 has ended the session already (the HTTP client); a timeout on a slow network or an
      // offline phone must not: the screen opens and the next navigation asks again.
      logger.warn('guard: customer-service config not loaded', error);
      const { token } = useSession.getState();
      decision = token
        ? { kind: 'allow' }
        : decideNavigation(url.pathname, url.search, { token, kfUrl: null });
    }
  }
  const session = useSession.getState();
  if (session.token && !session.userInfo) {
    sessionApi()
      .then((api) => api.loadUserInfo())
      .catch((error: unknown) => logger.warn('guard: user info failed', error));
  }
  switch (decision.kind) {
    case 'root':
      return redirect('/');
    case 'login':
      toast.fail(errorText('auth.loginFirst'));
      return redirect(loginPath(decision.returnTo));
    default:
      return null;
  }
}
