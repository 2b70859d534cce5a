import type { MarketBreadth } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CardHead } from '../../shared-ui/CardHead.tsx';
import { useBreadth } from '../market/index.ts';

/**
 * How many stocks are up, flat and down, as counts and one proportional bar, and how many are
 * sealed at a limit, each linking to its list. Until the server's first answer (`null`) the
 * same three rows stand empty, so the cards below do not move when the figures arrive.
 */
export function BreadthFigures({ breadth }: { breadth: MarketBreadth | null }) {
  const { t } = useTranslation();
  if (!breadth) {
    return (
      <div aria-busy="true" data-testid="breadth-loading">
        <div className="breadth__counts holds-line" />
        <div className="breadth__bar" />
        <div className="breadth__limits holds-line" />
      </div>
    );
  }
  const share = (n: number) => `${breadth.total > 0 ? (n / breadth.total) * 100 : 0}%`;
  return (
    <>
      <div className="breadth__counts">
        <span className="price-up" data-testid="breadth-up">
          {t('home.breadth.up', { count: breadth.up })}
        </span>
        <span className="price-flat" data-testid="breadth-flat">
          {t('home.breadth.flat', { count: breadth.flat })}
        </span>
        <span className="price-down" data-testid="breadth-down">
          {t('home.breadth.down', { count: breadth.down })}
        </span>
      </div>
      <div className="breadth__bar" aria-hidden="true">
        <span className="breadth__segment breadth__segment--up" style={{ width: share(breadth.up) }} />
        <span className="breadth__segment breadth__segment--flat" style={{ width: share(breadth.flat) }} />
        <span className="breadth__segment breadth__segment--down" style={{ width: share(breadth.down) }} />
      </div>
      <div className="breadth__limits">
        <Link to="/dayUpStop" className="price-up" data-testid="breadth-limit-up">
          {t('home.breadth.limitUp', { count: breadth.limitUp })}
        </Link>
        <Link to="/dayStop" className="price-down" data-testid="breadth-limit-down">
          {t('home.breadth.limitDown', { count: breadth.limitDown })}
        </Link>
      </div>
    </>
  );
}

/**
 * Home's breadth card; "More" opens the market overview. The server counts the stocks and
 * streams every change (`breadth:subscribe`).
 */
export function BreadthCard() {
  const { t } = useTranslation();
  const breadth = useBreadth();
  return (
    <section className="card breadth" aria-label={t('home.breadth.title')} data-testid="breadth">
      <CardHead title={t('home.breadth.title')} to="/homedetail" link={t('home.more')} />
      <BreadthFigures breadth={breadth} />
    </section>
  );
}
