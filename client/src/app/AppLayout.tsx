import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { loadAlertBanner } from '../features/alerts/index.ts';
import { useSession } from '../features/session/sessionStore.ts';
import { TabBar } from '../shared-ui/TabBar.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { NavigationProgress } from './ProgressBar.tsx';
import type { RouteHandle } from './routeTypes.ts';

const AlertBanner = lazy(() => loadAlertBanner().then((m) => ({ default: m.AlertBanner })));

/** The frame of every screen: progress line, the screen, and the tab bar on main screens. */
export function AppLayout() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const markVisited = useSession((s) => s.markVisited);
  const signedIn = useSession((s) => s.token !== '');
  useEffect(() => markVisited(), [markVisited]);
  return (
    <div className="app">
      <NavigationProgress />
      <OfflineBanner />
      {signedIn ? (
        <Suspense fallback={null}>
          <AlertBanner />
        </Suspense>
      ) : null}
      <div className="app__screen">
        <Outlet />
      </div>
      {handle?.tabBar ? <TabBar /> : null}
    </div>
  );
}
