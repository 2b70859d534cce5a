import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Screen } from '../shared-ui/Screen.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Screen nav={{ title: t('routes.notFound') }}>
      <div className="empty" data-testid="not-found">
        <p>{t('notFound.text')}</p>
        <Link className="button button--ghost" to="/home">
          {t('notFound.home')}
        </Link>
      </div>
    </Screen>
  );
}
