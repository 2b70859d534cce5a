import { isLocale, LOCALE_NAMES, LOCALES } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared-ui/Icon.tsx';
import { changeLanguage, useSession } from '../session/index.ts';

/** A compact language chooser for screens before login (settings has the full list). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const current = useSession((s) => s.setting.lang.file_name);
  return (
    <label className="language-select">
      <Icon name="globe" size={18} />
      <span className="visually-hidden">{t('settings.language')}</span>
      <select
        value={current}
        onChange={(e) => {
          if (isLocale(e.target.value)) void changeLanguage(e.target.value);
        }}
        data-testid="language-select"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
