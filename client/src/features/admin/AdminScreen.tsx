import { useTranslation } from 'react-i18next';
import { useLoad } from '../../lib/useLoad.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { useSession } from '../session/index.ts';
import { fetchIssues } from './adminApi.ts';
import { ComplaintsCard } from './ComplaintsCard.tsx';
import { IssuesCard } from './IssuesCard.tsx';
import { MerchantsCard } from './MerchantsCard.tsx';
import { NewIpoCard } from './NewIpoCard.tsx';
import { OutboxCard } from './OutboxCard.tsx';
import { RefundsCard } from './RefundsCard.tsx';
import { ReviewsCard } from './ReviewsCard.tsx';
import { SettlementsCard } from './SettlementsCard.tsx';
import { SupportDeskCard } from './SupportDeskCard.tsx';
import { TopUpsCard } from './TopUpsCard.tsx';
import { WithdrawalsCard } from './WithdrawalsCard.tsx';
import '../ipo/ipo.css';
import './admin.css';

/** bull-board, served by the API server beside the app (admins only, by the session cookie). */
export const QUEUE_DASHBOARD_URL = '/admin/queues';

/** The issue list follows the calendar's moves (the demo clock moves issues every few minutes). */
const ISSUES_REFRESH_MS = 10_000;

function BackOfficeDesk() {
  const { t } = useTranslation('admin');
  const [issues, reloadIssues] = useLoad((signal) => fetchIssues(signal), [], {
    refreshMs: ISSUES_REFRESH_MS,
  });
  return (
    <>
      <SupportDeskCard />
      <IssuesCard issues={issues} onReload={reloadIssues} />
      <NewIpoCard onCreated={reloadIssues} />
      <ReviewsCard />
      <TopUpsCard />
      <WithdrawalsCard />
      <RefundsCard />
      <MerchantsCard />
      <SettlementsCard />
      <ComplaintsCard />
      <OutboxCard />
      <section className="cell-group" aria-labelledby="admin-queues-title">
        <h2 className="cell-group__title" id="admin-queues-title">
          {t('queues.title')}
        </h2>
        <div className="cell-group__body">
          {/* Not a route of the app: the server answers it, so a full page load. */}
          <a
            className="cell cell--link"
            href={QUEUE_DASHBOARD_URL}
            target="_blank"
            rel="noopener"
            data-testid="admin-queues"
          >
            <span className="cell__label">{t('queues.open')}</span>
            <Icon name="chevron" size={18} />
          </a>
        </div>
        <p className="form__hint">{t('queues.hint')}</p>
      </section>
    </>
  );
}

/**
 * `/admin`: the back office's desk, for users with the admin role: new issues and their
 * allotment batches, the customer-service desk, real-name reviews, storefront top-up audits, merchant applications, failed
 * block-trade settlements, complaints, the mail outbox and the job queues. Anyone else is told it is not for
 * them and nothing is asked of the server (which refuses their calls anyway).
 */
export function AdminScreen() {
  const { t } = useTranslation('admin');
  const user = useSession((s) => s.userInfo);
  return (
    <Screen nav={{ title: t('routes.backOffice', { ns: 'translation' }) }}>
      {user === null ? (
        <p className="identity-state" role="status" data-testid="load-pending">
          {t('list.loading', { ns: 'translation' })}
        </p>
      ) : user.role !== 'admin' ? (
        <div className="card admin-card" role="alert" data-testid="admin-forbidden">
          <p>{t('forbidden')}</p>
        </div>
      ) : (
        <BackOfficeDesk />
      )}
    </Screen>
  );
}
