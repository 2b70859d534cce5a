import { useTranslation } from 'react-i18next';
import { useOnline } from './useOnline.ts';

/**
 * Said above every screen while the device is offline: the shell still works from the service
 * worker's cache, but nothing with money or prices in it does until the network returns.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {t('app.offline')}
    </p>
  );
}
