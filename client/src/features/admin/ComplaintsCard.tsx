import type { adminComplaintSchema } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/date/formatDate.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { fetchComplaints } from './adminApi.ts';

type AdminComplaint = z.infer<typeof adminComplaintSchema>;

function Complaint({ item }: { item: AdminComplaint }) {
  const { t } = useTranslation('admin');
  return (
    <li className="admin-review" data-testid="admin-complaint" data-status={item.status}>
      <p className="admin-review__who">
        <strong>
          {item.kind === 'order'
            ? t('complaints.aboutOrder', { order: item.orderId ?? '' })
            : t('complaints.aboutPlatform')}
        </strong>
      </p>
      <p className="admin-issue__code">
        {t('complaints.from', {
          account: item.account,
          time: formatDate(item.createdAt, 'YYYY-MM-DD HH:mm'),
          status: t(`complaints.status.${item.status}`),
        })}
      </p>
      <p className="admin-mail__text">{item.content}</p>
    </li>
  );
}

/** Complaints and suggestions, newest first: back office answers them in a later release (issue 14). */
export function ComplaintsCard() {
  const { t } = useTranslation('admin');
  return (
    <AdminQueueCard
      name="complaints"
      title={t('complaints.title')}
      load={fetchComplaints}
      itemsOf={({ items }) => items}
      empty={t('complaints.empty')}
    >
      {(item) => <Complaint key={item.id} item={item} />}
    </AdminQueueCard>
  );
}
