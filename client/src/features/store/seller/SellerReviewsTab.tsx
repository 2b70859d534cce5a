import {
  MAX_REPLY_LENGTH,
  type ReviewView,
  SELLER_REVIEW_FILTERS,
  type SellerReviewFilter,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { LoadState } from '../../../shared-ui/LoadState.tsx';
import { Segmented } from '../../../shared-ui/Segmented.tsx';
import { useItemAction } from '../../../shared-ui/useItemAction.ts';
import { ReviewItem } from '../reviews/ReviewList.tsx';
import { fetchShopReviews, replyToReview } from './sellerApi.ts';
import '../reviews/reviews.css';

/** The shop's one reply to a review: the server refuses an empty or second one in the user's language. */
function ReplyForm({ review, onDone }: { review: ReviewView; onDone: () => void }) {
  const { t } = useTranslation('store');
  const [text, setText] = useState('');
  const [busy, run] = useItemAction(onDone);
  const id = `reply-${review.id}`;
  return (
    <div className="seller-reply">
      <label className="field__label" htmlFor={id}>
        {t('seller.replyLabel')}
      </label>
      <textarea
        id={id}
        className="field__input seller-textarea"
        maxLength={MAX_REPLY_LENGTH}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="seller-reply-text"
      />
      <p className="form__hint">{t('seller.replyHint', { n: text.length, max: MAX_REPLY_LENGTH })}</p>
      <Button
        block
        disabled={busy}
        onClick={() => run(async () => (await replyToReview(review.id, text)) && t('seller.replied'))}
        testId="seller-reply-send"
      >
        {t('seller.sendReply')}
      </Button>
    </div>
  );
}

/** The reviews of the shop's products, unanswered first, each open one with its reply form. */
export function SellerReviewsTab() {
  const { t } = useTranslation('store');
  const [filter, setFilter] = useState<SellerReviewFilter>('all');
  const [reviews, reload] = useLoad((signal) => fetchShopReviews(filter, signal), [filter]);
  return (
    <>
      <Segmented
        inline
        options={SELLER_REVIEW_FILTERS.map((value) => ({ value, label: t(`seller.reviewFilter.${value}`) }))}
        value={filter}
        onChange={setFilter}
        label={t('seller.tabs.reviews')}
        testId="seller-review-filter"
      />
      {reviews.status === 'success' && reviews.data.items.length > 0 ? (
        <ul className="card seller-list review-list" data-testid="seller-reviews">
          {reviews.data.items.map((review) => (
            <ReviewItem key={review.id} review={review} showProduct>
              {review.reply ? null : <ReplyForm review={review} onDone={reload} />}
            </ReviewItem>
          ))}
        </ul>
      ) : (
        <LoadState state={reviews} onRetry={reload} empty={t('seller.noReviews')} />
      )}
    </>
  );
}
