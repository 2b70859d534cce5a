import type { adminComplaintSchema } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/date/formatDate.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { fetchComplaints } from './adminApi.ts';

type AdminComplaint = z.infer<typeof adminComplaintSchema>;

/** A complaint is filed at any time; the desk looks again this often. */
const COMPLAINTS_REFRESH_MS = 15_000;

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
  const [complaints, reload] = useLoad((signal) => fetchComplaints(signal), [], {
    refreshMs: COMPLAINTS_REFRESH_MS,
  });
  return (
    <section className="card admin-card" aria-labelledby="admin-complaints-title">
      <h2 className="admin-card__title" id="admin-complaints-title">
        {t('complaints.title')}
      </h2>
      <LoadingOr state={complaints} onRetry={reload}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="admin-card__empty" data-testid="admin-complaints-empty">
              {t('complaints.empty')}
            </p>
          ) : (
            <ul className="admin-reviews">
              {items.map((item) => (
                <Complaint key={item.id} item={item} />
              ))}
            </ul>
          )
        }
      </LoadingOr>
    </section>
  );
}
