import { LOCALE_NAMES, LOCALES, type Locale } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatPct } from '../../lib/format.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Cell, CellGroup } from '../../shared-ui/Cell.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { type ColorConvention, changeLanguage, logout, useSession } from '../session/index.ts';
import { type Choice, ChoiceList } from './ChoiceList.tsx';
import { NotificationsSection } from './notifications/NotificationsSection.tsx';

const LANGUAGE_CHOICES: readonly Choice<Locale>[] = LOCALES.map((locale) => ({
  value: locale,
  label: LOCALE_NAMES[locale],
  lang: locale,
}));

/** A rise and a fall drawn as the option would draw them, whatever is chosen now. */
function ColourSample({ redUp }: { redUp: boolean }) {
  return (
    <span className="colour-sample" aria-hidden="true">
      <span style={{ color: redUp ? 'var(--rise)' : 'var(--fall)' }}>{formatPct('1.25')}</span>
      <span style={{ color: redUp ? 'var(--fall)' : 'var(--rise)' }}>{formatPct('-0.56')}</span>
    </span>
  );
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSession((s) => s.setting.lang.file_name);
  const colors = useSession((s) => s.colors);
  const setColors = useSession((s) => s.setColors);
  const loggedIn = useSession((s) => s.token !== '');

  const colourChoices: readonly Choice<ColorConvention>[] = [
    { value: 'red-up', label: t('settings.redUp'), hint: <ColourSample redUp /> },
    { value: 'green-up', label: t('settings.greenUp'), hint: <ColourSample redUp={false} /> },
  ];

  const onLogout = async () => {
    await logout();
    toast.success(t('settings.loggedOut'));
    navigate('/login', { replace: true });
  };

  return (
    <Screen nav={{ title: t('routes.settings') }}>
      <ChoiceList
        label={t('settings.language')}
        choices={LANGUAGE_CHOICES}
        value={lang}
        onChange={(locale) => void changeLanguage(locale)}
        testId="language-picker"
      />
      <ChoiceList
        label={t('settings.colours')}
        choices={colourChoices}
        value={colors}
        onChange={setColors}
        testId="colour-picker"
      />
      {loggedIn ? (
        <>
          <NotificationsSection />
          <CellGroup title={t('settings.account')}>
            <Cell label={t('routes.changePassword')} to="/change-pwt" testId="link-change-password" />
            <Cell label={t('routes.test')} to="/test" testId="link-connection-check" />
            <Cell label={t('routes.aboutUs')} to="/aboutUs" />
          </CellGroup>
          <Button variant="danger" block onClick={onLogout} testId="logout">
            {t('settings.logout')}
          </Button>
        </>
      ) : null}
    </Screen>
  );
}
