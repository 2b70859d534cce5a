import type { IpoSubscriptionView } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usePagedList } from '../../lib/usePagedList.ts';
import { PagedList } from '../../shared-ui/PagedList.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { fetchSubscriptions, SUBSCRIPTIONS_PAGE_SIZE } from './ipoApi.ts';
import { SubscriptionFigures } from './SubscriptionFigures.tsx';
import './ipo.css';

function Record({ subscription }: { subscription: IpoSubscriptionView }) {
  return (
    <li className="card ipo-record" data-testid="ipo-record" data-code={subscription.code}>
      <Link className="ipo-record__head" to={`/shares/new-detail?code=${subscription.code}`}>
        <strong>{subscription.name}</strong>
        <span className="ipo-row__code">{subscription.code}</span>
      </Link>
      <SubscriptionFigures subscription={subscription} />
    </li>
  );
}

/** `/ucenter/shengou`: the user's subscriptions, newest first, with numbers, results and payment. */
export function SubscriptionsScreen() {
  const { t } = useTranslation('ipo');
  const navigate = useNavigate();
  const list = usePagedList<IpoSubscriptionView, number>(async (page, signal) => {
    const answer = await fetchSubscriptions(page ?? 1, signal);
    const more = answer.page * SUBSCRIPTIONS_PAGE_SIZE < answer.total;
    return { items: answer.items, next: more ? answer.page + 1 : null };
  });
  return (
    <Screen
      nav={{
        title: t('routes.subscribe', { ns: 'translation' }),
        right: t('records.browse'),
        onRightClick: () => void navigate('/shares/new'),
      }}
    >
      <PagedList list={list} empty={t('records.empty')} emptyTestId="ipo-records-empty">
        <ul className="ipo-records">
          {list.items.map((s) => (
            <Record key={`${s.code}`} subscription={s} />
          ))}
        </ul>
      </PagedList>
    </Screen>
  );
}
