import {
  isDecimalString,
  STORE_CATEGORIES,
  STORE_SORTS,
  type StoreCategory,
  type StoreProductCard,
  type StoreSort,
} from '@bourse/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLoad } from '../../lib/useLoad.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { PagedList } from '../../shared-ui/PagedList.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { ProductGrid } from './ProductCard.tsx';
import { EXPLORE_PAGE_SIZE, fetchCategories, fetchProducts } from './storeApi.ts';
import './store.css';

interface Filters {
  category?: StoreCategory;
  /** One shop's products (a store picked in search). */
  shopId?: string;
  sort: StoreSort;
  minPrice?: string;
  maxPrice?: string;
}

const isCategory = (v: string | null): v is StoreCategory => STORE_CATEGORIES.includes(v as StoreCategory);
const isSort = (v: string | null): v is StoreSort => STORE_SORTS.includes(v as StoreSort);
const price = (v: string | null) => (v && isDecimalString(v) && !v.startsWith('-') ? v : undefined);

/** The filters as the URL holds them: what is not understood is left out, not refused. */
function filtersOf(params: URLSearchParams): Filters {
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    category: isCategory(category) ? category : undefined,
    shopId: /^[1-9]\d{0,9}$/.test(params.get('shopId') ?? '')
      ? (params.get('shopId') ?? undefined)
      : undefined,
    sort: isSort(sort) ? sort : 'sales',
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
  };
}

function ProductList({ filters }: { filters: Filters }) {
  const { t } = useTranslation('store');
  const list = usePagedList<StoreProductCard, string>(async (cursor, signal) => {
    const { shopId, ...rest } = filters;
    const page = await fetchProducts(
      { ...rest, shopId: shopId ? Number(shopId) : undefined, cursor, limit: EXPLORE_PAGE_SIZE },
      signal,
    );
    return { items: page.items, next: page.nextCursor };
  });
  return (
    <PagedList list={list} empty={t('explore.empty')} emptyTestId="explore-empty">
      <ProductGrid products={list.items} testId="explore-products" />
    </PagedList>
  );
}

/** `/explore`: products by category, sorted and price-filtered, loading more as it scrolls. */
export function ExploreScreen() {
  const { t } = useTranslation('store');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [categories] = useLoad((signal) => fetchCategories(signal), []);
  const [minPrice, setMinPrice] = useState(filters.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice ?? '');

  const update = (change: Partial<Filters>) => {
    const next = { ...filters, ...change };
    const entries = Object.entries(next).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    );
    setParams(new URLSearchParams(entries), { replace: true });
  };
  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    update({ minPrice: price(minPrice.trim()), maxPrice: price(maxPrice.trim()) });
  };

  const names = categories.status === 'success' ? categories.data.items : [];
  const chips = useRef<HTMLDivElement>(null);
  // A category opened from the home grid may sit beyond the edge: bring its chip into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the chips arrive or the category changes
  useEffect(() => {
    chips.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, [names.length, filters.category]);
  return (
    <Screen nav={{ title: t('routes.explore', { ns: 'translation' }) }} padded={false}>
      <div className="explore">
        <div className="explore-filters">
          <div
            ref={chips}
            className="store-chips"
            role="tablist"
            aria-label={t('explore.categories')}
            data-testid="explore-categories"
          >
            {[{ key: undefined, name: t('explore.all') }, ...names].map((c) => (
              <button
                key={c.key ?? 'all'}
                type="button"
                role="tab"
                aria-selected={filters.category === c.key}
                className={`chip${filters.category === c.key ? ' chip--active' : ''}`}
                onClick={() => update({ category: c.key })}
                data-testid={`explore-category-${c.key ?? 'all'}`}
              >
                {c.name}
              </button>
            ))}
          </div>
          <Segmented
            options={STORE_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
            value={filters.sort}
            onChange={(sort) => update({ sort })}
            label={t('explore.sortLabel')}
            testId="explore-sort"
          />
          <form className="explore-price" onSubmit={applyPrice}>
            <input
              inputMode="decimal"
              placeholder={t('explore.minPrice')}
              aria-label={t('explore.minPrice')}
              value={minPrice}
              onChange={(e) => setMinPrice(e.target.value)}
              data-testid="explore-min"
            />
            <input
              inputMode="decimal"
              placeholder={t('explore.maxPrice')}
              aria-label={t('explore.maxPrice')}
              value={maxPrice}
              onChange={(e) => setMaxPrice(e.target.value)}
              data-testid="explore-max"
            />
            <button type="submit" className="link-button" data-testid="explore-apply">
              {t('explore.apply')}
            </button>
          </form>
        </div>
        <ProductList key={JSON.stringify(filters)} filters={filters} />
      </div>
    </Screen>
  );
}
