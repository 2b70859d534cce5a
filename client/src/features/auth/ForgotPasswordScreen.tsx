import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Screen } from '../../shared-ui/Screen.tsx';

/** Honest placeholder: self-service reset does not exist yet. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  return (
    <Screen nav={{ title: t('routes.forgotPassword') }}>
      <div className="card notice" data-testid="forgot-password-notice">
        <p>{t('forgotPassword.notAvailable')}</p>
        <Link className="button button--ghost button--block" to="/customerService">
          {t('forgotPassword.contact')}
        </Link>
      </div>
    </Screen>
  );
}
