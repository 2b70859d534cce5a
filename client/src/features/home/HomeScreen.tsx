import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RouteId } from '../../app/routeTypes.ts';
import { Cell, CellGroup } from '../../shared-ui/Cell.tsx';
import { Icon, type IconName } from '../../shared-ui/Icon.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { SearchLink } from '../../shared-ui/SearchLink.tsx';
import { MarketStatusBar, useMarketStatus } from '../market/index.ts';
import { BreadthCard } from './BreadthCard.tsx';
import { HotList } from './HotList.tsx';
import { LiveIndexCards } from './LiveIndexCards.tsx';
import { WatchlistCard } from './WatchlistCard.tsx';
import './home.css';

const SHORTCUTS: readonly { id: RouteId; to: string; icon: IconName }[] = [
  { id: 'market', to: '/market', icon: 'market' },
  { id: 'newShares', to: '/shares/new', icon: 'star' },
  { id: 'dayUpStop', to: '/dayUpStop', icon: 'arrowUp' },
  { id: 'dayStop', to: '/dayStop', icon: 'arrowDown' },
  { id: 'tenDeal', to: '/tenDeal', icon: 'bars' },
  { id: 'dragonTigerList', to: '/dragonTigerList', icon: 'flag' },
  { id: 'search', to: '/search/search', icon: 'search' },
  { id: 'helpForNewbies', to: '/helpForNewbies', icon: 'book' },
];

/**
 * The simulated-market banner. Until the status says, it holds its place unseen: the cards below
 * must not jump. A component of its own: it follows the market status, and the rest of the
 * screen need not render again with it.
 */
function SimulationBanner() {
  const { t } = useTranslation();
  const status = useMarketStatus();
  return status === null || status.simulated ? (
    <div
      className={status ? 'banner' : 'banner banner--pending'}
      aria-hidden={status ? undefined : true}
      data-testid={status ? 'simulation-banner' : undefined}
    >
      <p className="banner__title">{t('home.simulationTitle')}</p>
      <p className="banner__text">{t('home.simulationText')}</p>
    </div>
  ) : null;
}

/** Home: the market at a glance (phase, indices, breadth, hot lists), the watchlist, shortcuts. */
export function HomeScreen() {
  const { t } = useTranslation();
  return (
    <Screen nav={{ title: t('app.name'), showBack: false, right: <SearchLink /> }} padded={false}>
      <MarketStatusBar />
      <div className="home">
        <SimulationBanner />
        <LiveIndexCards />
        <BreadthCard />
        <nav className="card shortcuts" aria-label={t('home.shortcuts')}>
          {SHORTCUTS.map((item) => (
            <Link key={item.id} to={item.to} className="shortcuts__item">
              <span className={`shortcuts__icon shortcuts__icon--${item.icon}`}>
                <Icon name={item.icon} size={22} />
              </span>
              <span className="shortcuts__label">{t(`routes.${item.id}`)}</span>
            </Link>
          ))}
        </nav>
        <WatchlistCard />
        <HotList
          list="gainers"
          title={t('home.hot.gainers')}
          more="/market"
          figure="pct"
          empty={t('home.hot.noGainers')}
        />
        <HotList
          list="tenDeal"
          title={t('home.hot.turnover')}
          more="/tenDeal"
          figure="turnover"
          empty={t('ranks.empty.tenDeal')}
        />
        <CellGroup title={t('home.learn')}>
          <Cell label={t('routes.tradingRules')} to="/tradingRules" />
          <Cell label={t('routes.aboutUs')} to="/aboutUs" />
        </CellGroup>
      </div>
    </Screen>
  );
}
