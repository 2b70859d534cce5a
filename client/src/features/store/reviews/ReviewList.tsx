import type { ReviewSummary, ReviewView } from '@bourse/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date/formatDate.ts';
import { Stars } from './Stars.tsx';

/** The average, how many reviews, and a bar per score from 5 stars down. */
export function ReviewSummaryCard({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation('store');
  const widest = Math.max(...summary.distribution, 1);
  return (
    <div className="review-summary" data-testid="review-summary">
      <p className="review-summary__average">
        <strong data-testid="review-average">{summary.average ?? '–'}</strong>
        <span>{t('reviews.count', { count: summary.count })}</span>
      </p>
      <ol className="review-summary__bars" aria-label={t('reviews.distribution')}>
        {[5, 4, 3, 2, 1].map((score) => {
          const n = summary.distribution[score - 1] ?? 0;
          return (
            <li key={score} className="review-summary__bar">
              <span>{t('reviews.starsShort', { n: score })}</span>
              <span className="review-summary__track" aria-hidden="true">
                <span className="review-summary__fill" style={{ width: `${(n / widest) * 100}%` }} />
              </span>
              <span className="review-summary__n">{n}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * One review: who (masked), the three scores, the text, its pictures and the shop's reply.
 * `showProduct` for the shopper's own list and the seller's; `children` end the item (the
 * seller's reply form).
 */
export function ReviewItem({
  review,
  showProduct = false,
  children,
}: {
  review: ReviewView;
  showProduct?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('store');
  return (
    <li className="review" data-testid="review">
      {showProduct ? (
        <p className="review__product">
          <img src={review.imageUrl} alt="" width={40} height={40} />
          <span>
            {review.productName}
            <small>{review.specLabel}</small>
          </span>
        </p>
      ) : null}
      <p className="review__head">
        <strong>{review.reviewer}</strong>
        <Stars score={review.productScore} />
        <time dateTime={review.createdAt}>{formatDate(review.createdAt, 'YYYY-MM-DD')}</time>
      </p>
      {showProduct ? null : <p className="review__spec">{review.specLabel}</p>}
      <p className="review__content">{review.content}</p>
      {review.pictures.length > 0 ? (
        <ul className="review__pictures" aria-label={t('reviews.pictures')}>
          {review.pictures.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <img
                  src={src}
                  alt={t('detail.picture', { n: i + 1, total: review.pictures.length })}
                  width={80}
                  height={80}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="review__scores">
        {t('reviews.scoresLine', {
          service: review.serviceScore,
          postage: review.postageScore,
        })}
      </p>
      {review.reply ? (
        <div className="review__reply" data-testid="review-reply">
          <p className="review__reply-title">
            <strong>{t('reviews.reply')}</strong>
            <time dateTime={review.reply.createdAt}>{formatDate(review.reply.createdAt, 'YYYY-MM-DD')}</time>
          </p>
          <p className="review__reply-content">{review.reply.content}</p>
        </div>
      ) : null}
      {children}
    </li>
  );
}
