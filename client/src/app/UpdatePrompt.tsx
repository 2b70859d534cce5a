import { useRegisterSW } from 'virtual:pwa-register/react';
import { useTranslation } from 'react-i18next';
import { logger } from '../lib/logger.ts';

/**
 * Registers the service worker; when a new build has installed beside the running one, offers
 * to switch. Tapping Reload activates the new worker, which reloads the page onto the new build.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => logger.error('service worker registration failed', error),
  });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alert" data-testid="update-prompt">
      <span>{t('app.updateAvailable')}</span>
      <button type="button" className="update-prompt__reload" onClick={() => void updateServiceWorker(true)}>
        {t('app.reload')}
      </button>
    </div>
  );
}
