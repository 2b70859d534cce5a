import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatRate } from '../../lib/format.ts';
import { useDebounced } from '../../lib/useDebounced.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { SearchBox } from '../../shared-ui/SearchBox.tsx';
import { SEARCH_DEBOUNCE_MS } from '../search/index.ts';
import { usePrice } from './format.ts';
import { searchStore } from './storeApi.ts';
import './store.css';

/** The server refuses longer queries (MAX_STORE_QUERY). */
const MAX_QUERY = 60;

/** `/search`: products and stores by name in any language, answered as the user types. */
export function StoreSearchScreen() {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [results, retry] = useLoad((signal) => searchStore(query, signal), [query], {
    enabled: query !== '',
  });
  const found = results.status === 'success' ? results.data : null;

  return (
    <Screen nav={{ title: t('routes.storeSearch', { ns: 'translation' }) }}>
      <SearchBox
        label={t('searchPlaceholder')}
        placeholder={t('searchPlaceholder')}
        value={text}
        maxLength={MAX_QUERY}
        onChange={setText}
        data-testid="store-search-input"
      />
      {query === '' ? (
        <p className="load-state">{t('search.hint')}</p>
      ) : !found ? (
        <LoadState state={results} onRetry={retry} empty="" />
      ) : found.products.length === 0 && found.shops.length === 0 ? (
        <p className="load-state" data-testid="store-search-none">
          {t('search.none', { q: query })}
        </p>
      ) : (
        <>
          {found.shops.length > 0 ? (
            <section className="card">
              <h2 className="card__title">{t('search.shops')}</h2>
              <ul className="store-results" data-testid="store-search-shops">
                {found.shops.map((shop) => (
                  <li key={shop.id}>
                    <Link
                      to={`/explore?shopId=${shop.id}`}
                      className="store-result"
                      data-testid="store-search-shop"
                    >
                      <img src={shop.logoUrl} alt="" width={40} height={40} />
                      <span className="store-result__name">{shop.name}</span>
                      <span className="store-result__meta">{formatRate(shop.favourableRate)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {found.products.length > 0 ? (
            <section className="card">
              <h2 className="card__title">{t('search.products')}</h2>
              <ul className="store-results" data-testid="store-search-products">
                {found.products.map((p) => (
                  <li key={p.id}>
                    <Link to={`/detail/${p.id}`} className="store-result" data-testid="store-search-product">
                      <img src={p.imageUrl} alt="" width={40} height={40} />
                      <span className="store-result__name">{p.name}</span>
                      <span className="store-result__meta">{price(p.price)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </Screen>
  );
}
