import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useLoad } from '../../lib/useLoad.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { usePrice } from './format.ts';
import { ProductGrid } from './ProductCard.tsx';
import { ShopCard } from './ShopCard.tsx';
import { fetchStoreHome } from './storeApi.ts';
import { useLoadFollows } from './useLoadFollows.ts';
import './store.css';

/** `/shop`: the storefront home, open without login. */
export function StoreHomeScreen() {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const price = usePrice();
  const [home, retry] = useLoad((signal) => fetchStoreHome(signal), []);
  useLoadFollows();

  return (
    <Screen
      nav={{
        title: t('routes.shop', { ns: 'translation' }),
        showBack: false,
        left: (
          <span className="store-nav-links">
            <Link to="/cart" data-testid="nav-cart">
              {t('nav.cart')}
            </Link>
            <Link to="/orders" data-testid="nav-orders">
              {t('nav.orders')}
            </Link>
          </span>
        ),
        right: <Icon name="search" size={22} />,
        rightLabel: t('routes.storeSearch', { ns: 'translation' }),
        onRightClick: () => void navigate('/search'),
      }}
    >
      <Link to="/search" className="search-box store-search-link" data-testid="store-search-link">
        <Icon name="search" size={20} />
        <span>{t('searchPlaceholder')}</span>
      </Link>
      {home.status !== 'success' ? (
        <LoadState state={home} onRetry={retry} empty="" />
      ) : (
        <>
          <ul className="store-banners" data-testid="store-banners">
            {home.data.banners.map((b) => (
              <li key={b.productId} className="store-banner">
                <Link to={`/detail/${b.productId}`}>
                  <img src={b.imageUrl} alt="" width={400} height={400} />
                  <span className="store-banner__text">
                    <span className="store-banner__tag">{t('home.banner')}</span>
                    <strong>{b.title}</strong>
                    <span>{price(b.price)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>

          <section className="card" aria-labelledby="store-categories">
            <div className="card__head">
              <h2 className="card__title" id="store-categories">
                {t('home.categories')}
              </h2>
            </div>
            <ul className="store-categories" data-testid="store-categories">
              {home.data.categories.map((c) => (
                <li key={c.key}>
                  <Link
                    to={`/explore?category=${c.key}`}
                    className="store-category"
                    data-testid={`category-${c.key}`}
                  >
                    <img src={c.imageUrl} alt="" width={48} height={48} />
                    <span>{c.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="store-hot-products">
            <div className="store-section-head">
              <h2 id="store-hot-products">{t('home.hotProducts')}</h2>
              <Link to="/explore?sort=sales" className="link-button">
                {t('home.more')}
              </Link>
            </div>
            <ProductGrid products={home.data.hotProducts} testId="hot-products" />
          </section>

          <section aria-labelledby="store-hot-shops">
            <div className="store-section-head">
              <h2 id="store-hot-shops">{t('home.hotShops')}</h2>
            </div>
            <div data-testid="hot-shops">
              {home.data.hotShops.map((s) => (
                <ShopCard key={s.id} shop={s} />
              ))}
            </div>
          </section>

          <section aria-labelledby="store-recommended">
            <div className="store-section-head">
              <h2 id="store-recommended">{t('home.recommended')}</h2>
            </div>
            <ProductGrid products={home.data.recommended} testId="recommended" />
          </section>
        </>
      )}
    </Screen>
  );
}
