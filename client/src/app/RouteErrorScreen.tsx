import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { logger } from '../lib/logger.ts';
import { reloadPage } from '../lib/reload.ts';
import { Button } from '../shared-ui/Button.tsx';
import { Screen } from '../shared-ui/Screen.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';

/**
 * A screen that failed to load (its chunk did not arrive, usually after a deploy or offline)
 * or failed to render. The error is logged and shown, never swallowed; Retry reloads the page,
 * which fetches the current chunks.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) logger.error('screen failed to load or render', error);
  }, [error, notFound]);

  if (notFound) return <NotFoundScreen />;
  return (
    <Screen nav={{ title: t('error.title') }}>
      <div className="empty" role="alert" data-testid="route-error">
        <p>{t('error.loadFailed')}</p>
        <Button onClick={reloadPage} testId="route-error-retry">
          {t('error.retry')}
        </Button>
      </div>
    </Screen>
  );
}
