import type { IpoStatus, IpoView } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatPrice } from '../../lib/format.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { fetchCalendar } from './ipoApi.ts';
import './ipo.css';

type Tab = 'subscribing' | 'upcoming' | 'inProgress' | 'listed';

const TAB_STATUSES: Record<Tab, readonly IpoStatus[]> = {
  subscribing: ['subscribing'],
  upcoming: ['upcoming'],
  inProgress: ['awaiting_allotment', 'awaiting_payment', 'awaiting_listing'],
  listed: ['listed'],
};
const TABS = Object.keys(TAB_STATUSES) as Tab[];

/** The calendar refreshes while open: the demo clock moves an issue along every few minutes. */
const REFRESH_MS = 30_000;

function IssueRow({ issue }: { issue: IpoView }) {
  const { t } = useTranslation('ipo');
  return (
    <li>
      <Link
        className="ipo-row"
        to={`/shares/new-detail?code=${issue.code}`}
        data-testid="ipo-row"
        data-code={issue.code}
      >
        <span className="ipo-row__name">
          <strong>{issue.name}</strong>
          <span className="ipo-row__code">{issue.code}</span>
        </span>
        <span className="ipo-row__figure">
          <span className="ipo-row__label">{t('price')}</span>
          {formatPrice(issue.price)}
        </span>
        <span className="ipo-row__figure">
          <span className="ipo-row__label">{t('subscriptionDay')}</span>
          {issue.subscriptionDate.slice(5)}
        </span>
        <span className={`ipo-status ipo-status--${issue.status}`}>{t(`status.${issue.status}`)}</span>
      </Link>
    </li>
  );
}

/** `/shares/new`: the new-share calendar by status, open without login. */
export function NewSharesScreen() {
  const { t } = useTranslation('ipo');
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('subscribing');
  const [loaded, reload] = useLoad((signal) => fetchCalendar(signal), [], { refreshMs: REFRESH_MS });
  return (
    <Screen
      nav={{
        title: t('routes.newShares', { ns: 'translation' }),
        right: t('mine'),
        onRightClick: () => void navigate('/ucenter/shengou'),
      }}
    >
      <Segmented
        options={TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        value={tab}
        onChange={setTab}
        label={t('tabsLabel')}
        testId="ipo-tab"
      />
      <LoadingOr state={loaded} onRetry={reload}>
        {(issues) => {
          const shown = issues.filter((i) => TAB_STATUSES[tab].includes(i.status));
          // Newest first, but what is still to come reads soonest first.
          if (tab === 'upcoming') shown.reverse();
          return shown.length === 0 ? (
            <p className="load-state" data-testid="ipo-empty">
              {t('empty')}
            </p>
          ) : (
            <ul className="card ipo-list">
              {shown.map((issue) => (
                <IssueRow key={issue.code} issue={issue} />
              ))}
            </ul>
          );
        }}
      </LoadingOr>
    </Screen>
  );
}
