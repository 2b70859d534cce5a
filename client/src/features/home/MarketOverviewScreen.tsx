import { useTranslation } from 'react-i18next';
import { Screen } from '../../shared-ui/Screen.tsx';
import { SearchLink } from '../../shared-ui/SearchLink.tsx';
import { MarketStatusBar, useBreadth } from '../market/index.ts';
import { BreadthFigures } from './BreadthCard.tsx';
import { HotList } from './HotList.tsx';
import { LiveIndexCards } from './LiveIndexCards.tsx';
import './home.css';

/** Rows of each of the gainers and losers lists. */
export const OVERVIEW_ROWS = 10;

const MOVERS = [
  { list: 'gainers', title: 'home.hot.gainers', empty: 'home.hot.noGainers' },
  { list: 'losers', title: 'home.hot.losers', empty: 'home.hot.noLosers' },
] as const;

/** The breadth with the number of stocks it counts. */
function BreadthDetail() {
  const { t } = useTranslation();
  const breadth = useBreadth();
  return (
    <section className="card breadth" aria-label={t('home.breadth.title')} data-testid="breadth">
      <div className="card__head">
        <h2 className="card__title">{t('home.breadth.title')}</h2>
        {breadth ? (
          <span className="breadth__total" data-testid="breadth-total">
            {t('home.breadth.total', { count: breadth.total })}
          </span>
        ) : null}
      </div>
      <BreadthFigures breadth={breadth} />
    </section>
  );
}

/**
 * Market overview (/homedetail): the phase, the three indices, the breadth in full and the top
 * gainers and losers, all streamed over the market socket while the screen is open.
 */
export function MarketOverviewScreen() {
  const { t } = useTranslation();
  return (
    <Screen nav={{ title: t('routes.homeDetail'), right: <SearchLink /> }} padded={false}>
      <MarketStatusBar />
      <div className="home" data-testid="market-overview">
        <LiveIndexCards />
        <BreadthDetail />
        {MOVERS.map((movers) => (
          <HotList
            key={movers.list}
            list={movers.list}
            title={t(movers.title)}
            figure="pct"
            shown={OVERVIEW_ROWS}
            empty={t(movers.empty)}
          />
        ))}
      </div>
    </Screen>
  );
}
