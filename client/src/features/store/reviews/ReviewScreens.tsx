import type { ProductReviews } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useLoad } from '../../../lib/useLoad.ts';
import { usePagedList } from '../../../lib/usePagedList.ts';
import { PullRefreshList } from '../../../shared-ui/PullRefreshList.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { ReviewItem, ReviewSummaryCard } from './ReviewList.tsx';
import { fetchMyReviews, fetchProductReviews } from './reviewsApi.ts';
import '../store.css';
import './reviews.css';

const PREVIEW = 2;

/** On the product page: the summary, the newest reviews, and the way to all of them. */
export function ReviewsPreview({ productId }: { productId: number }) {
  const { t } = useTranslation('store');
  const [reviews] = useLoad(
    (signal) => fetchProductReviews(productId, undefined, PREVIEW, signal),
    [productId],
  );
  if (reviews.status !== 'success') return null;
  const { summary, items } = reviews.data;
  return (
    <section className="card product-reviews" aria-labelledby="reviews-title" data-testid="product-reviews">
      <div className="product-reviews__head">
        <h2 className="card__title" id="reviews-title">
          {t('reviews.title')}
        </h2>
        {summary.count > 0 ? (
          <Link to={`/detail/${productId}/reviews`} data-testid="all-reviews">
            {t('reviews.all', { count: summary.count })}
          </Link>
        ) : null}
      </div>
      {summary.count === 0 ? (
        <p className="store-empty">{t('reviews.none')}</p>
      ) : (
        <>
          <ReviewSummaryCard summary={summary} />
          <ul className="review-list">
            {items.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** `/detail/:id/reviews`: a product's reviews with their summary, loaded as it scrolls; open without login. */
export function ProductReviewsScreen() {
  const { t } = useTranslation('store');
  const id = Number(useParams().id);
  // The summary comes with the first page; the items page by page.
  const [summary, setSummary] = useState<ProductReviews['summary'] | null>(null);
  const { items, finished, loadMore, refresh } = usePagedList(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await fetchProductReviews(id, cursor, undefined, signal);
      if (cursor === undefined) setSummary(page.summary);
      return { items: page.items, next: page.nextCursor };
    },
  );
  return (
    <Screen nav={{ title: t('routes.productReviews', { ns: 'translation' }) }} padded={false}>
      <PullRefreshList onRefresh={refresh} onLoad={loadMore} finished={finished}>
        {summary ? <ReviewSummaryCard summary={summary} /> : null}
        <ul className="review-list review-list--screen" data-testid="review-list">
          {items.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
          {finished && items.length === 0 ? <li className="store-empty">{t('reviews.none')}</li> : null}
        </ul>
      </PullRefreshList>
    </Screen>
  );
}

/** `/store/reviews`: the shopper's own reviews, newest first, loaded as it scrolls. */
export function MyReviewsScreen() {
  const { t } = useTranslation('store');
  const { items, finished, loadMore, refresh } = usePagedList(
    async (cursor: string | undefined, signal: AbortSignal) => {
      const page = await fetchMyReviews(cursor, signal);
      return { items: page.items, next: page.nextCursor };
    },
  );
  return (
    <Screen nav={{ title: t('routes.myReviews', { ns: 'translation' }) }} padded={false}>
      <PullRefreshList onRefresh={refresh} onLoad={loadMore} finished={finished}>
        <ul className="review-list review-list--screen" data-testid="my-reviews">
          {items.map((r) => (
            <ReviewItem key={r.id} review={r} showProduct />
          ))}
          {finished && items.length === 0 ? <li className="store-empty">{t('reviews.mineNone')}</li> : null}
        </ul>
      </PullRefreshList>
    </Screen>
  );
}
