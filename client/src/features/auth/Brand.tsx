import { useTranslation } from 'react-i18next';

/** The logo block above the login and register forms. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <div className="brand">
      <svg className="brand__logo" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--accent)" />
        <path
          d="M12 44l12-14 10 8 18-22"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <p className="brand__name">{t('app.name')}</p>
        <p className="brand__tagline">{t('app.tagline')}</p>
      </div>
    </div>
  );
}
