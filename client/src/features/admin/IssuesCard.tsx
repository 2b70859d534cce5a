import type { IpoStatus, IpoView } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/format.ts';
import type { Loadable } from '../../lib/loadable.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { BatchPanel } from './BatchPanel.tsx';

/** Statuses from which an issue has an allotment batch to run or to look back on. */
const WITH_BATCH: ReadonlySet<IpoStatus> = new Set([
  'awaiting_allotment',
  'awaiting_payment',
  'awaiting_listing',
  'listed',
]);

function IssueRow({
  issue,
  open,
  onToggle,
  onSettled,
}: {
  issue: IpoView;
  open: boolean;
  onToggle: () => void;
  onSettled: () => void;
}) {
  const { t } = useTranslation(['admin', 'ipo']);
  return (
    <li className="admin-issue" data-testid="admin-issue" data-code={issue.code} data-status={issue.status}>
      <div className="admin-issue__head">
        <span className="admin-issue__name">
          <strong>{issue.name}</strong>
          <span className="admin-issue__code">
            {t('issues.line', {
              code: issue.code,
              exchange: t(`exchange.${issue.exchange}`, { ns: 'ipo' }),
              price: t('cny', { ns: 'ipo', amount: formatPrice(issue.price) }),
            })}
          </span>
        </span>
        <span className={`ipo-status ipo-status--${issue.status}`} data-testid="admin-issue-status">
          {t(`status.${issue.status}`, { ns: 'ipo' })}
        </span>
      </div>
      <p className="admin-issue__dates" data-testid="admin-issue-dates">
        {t('issues.dates', {
          t: issue.subscriptionDate,
          t1: issue.allotmentDate,
          t2: issue.paymentDate,
          listing: issue.listingDate,
        })}
      </p>
      {WITH_BATCH.has(issue.status) ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          onClick={onToggle}
          data-testid="admin-issue-batch"
        >
          {open ? t('issues.hideBatch') : t('issues.batch')}
        </button>
      ) : null}
      {open ? <BatchPanel code={issue.code} onSettled={onSettled} /> : null}
    </li>
  );
}

/** The issues newest first, with their dates; an issue past its subscription day opens its batch. */
export function IssuesCard({ issues, onReload }: { issues: Loadable<IpoView[]>; onReload: () => void }) {
  const { t } = useTranslation('admin');
  const [openCode, setOpenCode] = useState<string | null>(null);
  return (
    <section className="card admin-card" aria-labelledby="admin-issues-title">
      <h2 className="admin-card__title" id="admin-issues-title">
        {t('issues.title')}
      </h2>
      <LoadingOr state={issues} onRetry={onReload}>
        {(list) =>
          list.length === 0 ? (
            <p className="admin-card__empty" data-testid="admin-issues-empty">
              {t('issues.empty')}
            </p>
          ) : (
            <ul className="admin-issues">
              {list.map((issue) => (
                <IssueRow
                  key={issue.code}
                  issue={issue}
                  open={openCode === issue.code}
                  onToggle={() => setOpenCode((code) => (code === issue.code ? null : issue.code))}
                  onSettled={onReload}
                />
              ))}
            </ul>
          )
        }
      </LoadingOr>
    </section>
  );
}
