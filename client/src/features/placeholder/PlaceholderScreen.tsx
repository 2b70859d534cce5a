import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../../app/routeTypes.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';

/** Every route of app/placeholderRoutes.ts: its title and an honest "later" line. */
export function PlaceholderScreen() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const id = handle?.id ?? 'notFound';
  return (
    <Screen nav={{ title: t(`routes.${id}`), showBack: !handle?.tabBar }}>
      <div className="empty" data-testid="placeholder">
        <Icon name="clock" size={48} />
        <p>{t('placeholder.later')}</p>
      </div>
    </Screen>
  );
}
