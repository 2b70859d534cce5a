import {
  REAL_NAME_REFUSAL_REASONS,
  type RealNameRefusalReason,
  type RealNameReviewItem,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { fetchPendingReviews, reviewRealName } from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

/** New requests arrive while the desk is open. */
const REVIEWS_REFRESH_MS = 15_000;

function ReviewItem({ item, onDone }: { item: RealNameReviewItem; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<RealNameRefusalReason>('nameMismatch');
  const [busy, setBusy] = useState(false);

  const decide = async (decision: 'pass' | 'refuse') => {
    setBusy(true);
    try {
      await reviewRealName(
        decision === 'pass' ? { id: item.id, decision } : { id: item.id, decision, reason },
      );
      toast.success(t(decision === 'pass' ? 'reviews.passed' : 'reviews.refused', { name: item.realName }));
      onDone();
    } catch (error) {
      toast.fail(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <li className="admin-review" data-testid="admin-review" data-account={item.account}>
      <p className="admin-review__who">
        <strong>{item.realName}</strong> <span className="admin-issue__code">{item.account}</span>
      </p>
      <p className="admin-review__id" data-testid="admin-review-id">
        {item.idNumber}
      </p>
      <p className="admin-issue__code">
        {t('reviews.submitted', { time: formatDate(item.submittedAt, 'YYYY-MM-DD HH:mm') })}
        {item.hasPhoto ? ` · ${t('reviews.photo')}` : ''}
      </p>
      <DecisionBar
        busy={busy}
        reasons={REAL_NAME_REFUSAL_REASONS}
        reason={reason}
        onReason={setReason}
        reasonText={(r) => t(`realName.reasons.${r}`, { ns: 'translation' })}
        labels={{ pass: t('reviews.pass'), reason: t('reviews.reason'), refuse: t('reviews.refuse') }}
        onDecide={(decision) => void decide(decision)}
        testId="admin-review"
      />
    </li>
  );
}

/** Verification requests waiting for back office, oldest first: pass, or refuse with a reason the user is shown. */
export function ReviewsCard() {
  const { t } = useTranslation('admin');
  const [pending, reload] = useLoad((signal) => fetchPendingReviews(signal), [], {
    refreshMs: REVIEWS_REFRESH_MS,
  });
  return (
    <section className="card admin-card" aria-labelledby="admin-reviews-title">
      <h2 className="admin-card__title" id="admin-reviews-title">
        {t('reviews.title')}
      </h2>
      <LoadingOr state={pending} onRetry={reload}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="admin-card__empty" data-testid="admin-reviews-empty">
              {t('reviews.empty')}
            </p>
          ) : (
            <ul className="admin-reviews">
              {page.items.map((item) => (
                <ReviewItem key={item.id} item={item} onDone={reload} />
              ))}
            </ul>
          )
        }
      </LoadingOr>
    </section>
  );
}
