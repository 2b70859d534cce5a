import {
  REAL_NAME_REFUSAL_REASONS,
  type RealNameRefusalReason,
  type RealNameReviewItem,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { useItemAction } from '../../shared-ui/useItemAction.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { fetchPendingReviews, reviewRealName } from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

function ReviewItem({ item, onDone }: { item: RealNameReviewItem; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<RealNameRefusalReason>('nameMismatch');
  const [busy, run] = useItemAction(onDone);

  const decide = (decision: 'pass' | 'refuse') =>
    run(async () => {
      await reviewRealName(
        decision === 'pass' ? { id: item.id, decision } : { id: item.id, decision, reason },
      );
      return t(decision === 'pass' ? 'reviews.passed' : 'reviews.refused', { name: item.realName });
    });

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
        onDecide={decide}
        testId="admin-review"
      />
    </li>
  );
}

/** Verification requests waiting for back office, oldest first: pass, or refuse with a reason the user is shown. */
export function ReviewsCard() {
  const { t } = useTranslation('admin');
  return (
    <AdminQueueCard
      name="reviews"
      title={t('reviews.title')}
      load={fetchPendingReviews}
      itemsOf={({ items }) => items}
      empty={t('reviews.empty')}
    >
      {(item, reload) => <ReviewItem key={item.id} item={item} onDone={reload} />}
    </AdminQueueCard>
  );
}
