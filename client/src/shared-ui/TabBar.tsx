import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Icon, type IconName } from './Icon.tsx';

const TABS = [
  { to: '/home', icon: 'home', labelKey: 'tabs.home' },
  { to: '/market', icon: 'market', labelKey: 'tabs.market' },
  { to: '/trade', icon: 'trade', labelKey: 'tabs.trade' },
  { to: '/shop', icon: 'store', labelKey: 'tabs.store' },
  { to: '/my', icon: 'my', labelKey: 'tabs.my' },
] as const satisfies readonly { to: string; icon: IconName; labelKey: string }[];

/** The bottom tab bar of the main screens. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="tab-bar__item" data-testid={`tab-${tab.to.slice(1)}`}>
          <Icon name={tab.icon} size={22} />
          <span>{t(tab.labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
