import type { StoreShopCard } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPath } from '../../app/guard.ts';
import { formatRate } from '../../lib/format.ts';
import { useSession } from '../session/index.ts';
import { useFollows } from './followStore.ts';
import { compactFigure } from './format.ts';

/** A shop's card: logo, name, its figures, and follow (a visitor is sent to log in first). */
export function ShopCard({ shop }: { shop: StoreShopCard }) {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSession((s) => s.token !== '');
  const followed = useFollows((s) => s.followed?.has(shop.id) ?? false);
  const fans = useFollows((s) => s.fans.get(shop.id)) ?? shop.fans;
  const toggle = useFollows((s) => s.toggle);

  const onFollow = () => {
    if (!signedIn) {
      void navigate(loginPath(location.pathname + location.search));
      return;
    }
    // A refusal has been shown as a toast; the button stays as it was.
    toggle(shop.id).catch(() => undefined);
  };

  return (
    <section className="card shop-card" data-testid="shop-card" data-id={shop.id}>
      <div className="shop-card__head">
        <img className="shop-card__logo" src={shop.logoUrl} alt="" width={44} height={44} />
        <strong className="shop-card__name">{shop.name}</strong>
        <button
          type="button"
          className={`shop-card__follow${followed ? ' shop-card__follow--on' : ''}`}
          aria-pressed={followed}
          onClick={onFollow}
          data-testid="shop-follow"
        >
          {followed ? t('shop.followed') : t('shop.follow')}
        </button>
      </div>
      <dl className="shop-card__figures">
        <div>
          <dt>{t('shop.fans')}</dt>
          <dd data-testid="shop-fans">{compactFigure(fans)}</dd>
        </div>
        <div>
          <dt>{t('shop.sales')}</dt>
          <dd>{compactFigure(shop.sales)}</dd>
        </div>
        <div>
          <dt>{t('shop.favourable')}</dt>
          <dd>{formatRate(shop.favourableRate)}</dd>
        </div>
        <div>
          <dt>{t('shop.totalSales')}</dt>
          <dd>{t('price', { amount: compactFigure(shop.totalSales) })}</dd>
        </div>
      </dl>
    </section>
  );
}
