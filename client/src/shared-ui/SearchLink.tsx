import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from './Icon.tsx';

/** The search icon in a market screen's NavBar. */
export function SearchLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/search/search"
      className="nav-bar__button"
      aria-label={t('routes.search')}
      data-testid="nav-search"
    >
      <Icon name="search" size={22} />
    </Link>
  );
}
