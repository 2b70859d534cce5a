import type { IpoQuota, IpoSubscriptionView, IpoView } from '@bourse/shared';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { loginPath } from '../../app/guard.ts';
import { money } from '../../lib/accountFormat.ts';
import { unbrokenDate } from '../../lib/date/formatDate.ts';
import { formatMoney, formatPrice, formatRate } from '../../lib/format.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Cell, CellGroup } from '../../shared-ui/Cell.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { PayPasswordSheet } from '../identity/index.ts';
import { useSession } from '../session/index.ts';
import { fetchIssue, fetchIssueDetail, subscribeIpo } from './ipoApi.ts';
import { SubscriptionFigures } from './SubscriptionFigures.tsx';
import { checkShares } from './sharesForm.ts';
import './ipo.css';

const shares = (n: number) => formatMoney(n, 0);

function IssueFacts({ issue }: { issue: IpoView }) {
  const { t } = useTranslation('ipo');
  return (
    <>
      <section className="card ipo-head" data-testid="ipo-head">
        <div>
          <h1 className="ipo-head__name">{issue.name}</h1>
          <span className="ipo-head__code">
            <span>{issue.code}</span>
            <span>{t(`exchange.${issue.exchange}`)}</span>
            <span>{t(`board.${issue.board}`)}</span>
          </span>
        </div>
        <span className={`ipo-status ipo-status--${issue.status}`} data-testid="ipo-status">
          {t(`status.${issue.status}`)}
        </span>
      </section>
      <CellGroup>
        <Cell label={t('price')} value={t('cny', { amount: formatPrice(issue.price) })} testId="ipo-price" />
        <Cell label={t('unit')} value={t('shares', { shares: shares(issue.unitShares) })} />
        <Cell label={t('maxShares')} value={t('shares', { shares: shares(issue.maxShares) })} />
        <Cell label={t('onlineShares')} value={t('shares', { shares: shares(issue.onlineShares) })} />
      </CellGroup>
      <CellGroup title={t('timeline')}>
        <Cell label={t('dates.subscription')} value={issue.subscriptionDate} />
        <Cell label={t('dates.allotment')} value={issue.allotmentDate} />
        <Cell label={t('dates.payment')} value={issue.paymentDate} />
        <Cell label={t('dates.listing')} value={issue.listingDate} />
      </CellGroup>
    </>
  );
}

function Draw({ issue }: { issue: IpoView }) {
  const { t } = useTranslation('ipo');
  const { draw } = issue;
  const byLength = new Map<number, string[]>();
  for (const tail of draw?.tails ?? [])
    byLength.set(tail.length, [...(byLength.get(tail.length) ?? []), tail]);
  return (
    <section className="card ipo-draw" data-testid="ipo-draw">
      <h2 className="ipo-section-title">{t('draw.title')}</h2>
      <p className="form__hint">{t('draw.hint')}</p>
      <dl className="ipo-draw__facts">
        <dt>{t('draw.commitment')}</dt>
        <dd className="ipo-draw__hash">{issue.seedCommitment}</dd>
        {draw ? (
          <>
            <dt>{t('draw.seed')}</dt>
            <dd className="ipo-draw__hash">{draw.seed}</dd>
            <dt>{t('draw.numbers')}</dt>
            <dd>{shares(draw.totalNumbers)}</dd>
            <dt>{t('draw.winRate')}</dt>
            <dd data-testid="ipo-win-rate">{formatRate(draw.winRate)}</dd>
          </>
        ) : null}
      </dl>
      {draw && byLength.has(0) ? <p data-testid="ipo-tails">{t('draw.everyone')}</p> : null}
      {draw && !byLength.has(0) ? (
        <ul className="ipo-tails" data-testid="ipo-tails">
          {[...byLength].map(([length, tails]) => (
            <li key={length}>
              <span className="ipo-tails__length">{t('draw.lastDigits', { count: length })}</span>
              <span className="ipo-tails__list">{tails.join(' ')}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SubscribeForm({ issue, quota, onDone }: { issue: IpoView; quota: IpoQuota; onDone: () => void }) {
  const { t } = useTranslation('ipo');
  const [value, setValue] = useState(quota.maxShares > 0 ? String(quota.maxShares) : '');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState<number>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkShares(value, issue.unitShares, quota.maxShares);
    setError(check.ok ? undefined : t(check.error, check.params));
    if (check.ok) setConfirming(check.shares);
  };

  const send = async (count: number, payPassword: string) => {
    await subscribeIpo({ code: issue.code, shares: count, payPassword });
    toast.success(t('form.done', { shares: shares(count) }));
    onDone();
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('form.title')}>
      <Field
        label={t('form.shares')}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={setValue}
        error={error}
        data-testid="ipo-shares"
      />
      <p className="form__hint">{t('form.hint', { date: issue.paymentDate })}</p>
      <Button type="submit" block testId="ipo-subscribe">
        {t('form.submit')}
      </Button>
      {confirming !== undefined ? (
        <PayPasswordSheet
          summary={t('form.summary', {
            shares: shares(confirming),
            name: issue.name,
            price: formatPrice(issue.price),
          })}
          onConfirm={(payPassword) => send(confirming, payPassword)}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
    </form>
  );
}

function Quota({ quota }: { quota: IpoQuota }) {
  const { t } = useTranslation('ipo');
  return (
    <CellGroup title={t('quota.title')}>
      <Cell
        label={t('quota.average', {
          from: unbrokenDate(quota.window.from),
          to: unbrokenDate(quota.window.to),
        })}
        value={t('cny', { amount: money(quota.averageHoldingValue) })}
        testId="ipo-average"
      />
      <Cell
        label={t('quota.mayBuy')}
        value={t('shares', { shares: shares(quota.maxShares) })}
        testId="ipo-quota"
      />
    </CellGroup>
  );
}

/** Why the user cannot subscribe now, and what would let them; undefined when they can. */
function blockedBecause(
  t: TFunction<'ipo'>,
  issue: IpoView,
  quota: IpoQuota,
): { reason: string; fix: string } | undefined {
  if (quota.barredUntil)
    return { reason: t('quota.barred', { date: quota.barredUntil }), fix: t('quota.fixBarred') };
  if (issue.status === 'upcoming')
    return { reason: t('quota.notOpen', { date: issue.subscriptionDate }), fix: t('quota.fixNotOpen') };
  if (issue.status !== 'subscribing')
    return { reason: t('quota.closed', { date: issue.subscriptionDate }), fix: t('quota.fixClosed') };
  if (quota.maxShares === 0)
    return {
      reason: t('quota.none'),
      fix: t('quota.fixNone', { exchange: t(`exchange.${quota.exchange}`), from: quota.window.from }),
    };
  return undefined;
}

/** What the signed-in user can do here: their quota and the Subscribe button (enabled, or disabled and why), or their subscription. */
function Account({
  issue,
  quota,
  subscription,
  onDone,
}: {
  issue: IpoView;
  quota: IpoQuota;
  subscription: IpoSubscriptionView | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('ipo');
  if (subscription) {
    return (
      <section className="card ipo-mine" data-testid="ipo-my-subscription">
        <h2 className="ipo-section-title">{t('subscription.title')}</h2>
        <SubscriptionFigures subscription={subscription} />
      </section>
    );
  }
  const blocked = blockedBecause(t, issue, quota);
  return (
    <>
      <Quota quota={quota} />
      {blocked ? (
        <section className="card form" data-testid="ipo-blocked">
          <p className="notice" data-testid="ipo-notice">
            {blocked.reason}
          </p>
          <p className="form__hint" data-testid="ipo-fix">
            {blocked.fix}
          </p>
          <Button block disabled testId="ipo-subscribe">
            {t('form.submit')}
          </Button>
        </section>
      ) : (
        <SubscribeForm issue={issue} quota={quota} onDone={onDone} />
      )}
    </>
  );
}

/** The issue for everyone; with a session, the user's quota and subscription, loaded beside it. */
function SignedIn({ code }: { code: string }) {
  const [loaded, reload] = useLoad((signal) => fetchIssueDetail(code, signal), [code]);
  return (
    <LoadingOr state={loaded} onRetry={reload}>
      {({ ipo, quota, subscription }) => (
        <>
          <IssueFacts issue={ipo} />
          <Account issue={ipo} quota={quota} subscription={subscription} onDone={reload} />
          <Draw issue={ipo} />
        </>
      )}
    </LoadingOr>
  );
}

function Visitor({ code }: { code: string }) {
  const { t } = useTranslation('ipo');
  const location = useLocation();
  const [loaded, reload] = useLoad((signal) => fetchIssue(code, signal), [code]);
  return (
    <LoadingOr state={loaded} onRetry={reload}>
      {(issue) => (
        <>
          <IssueFacts issue={issue} />
          <section className="card notice" data-testid="ipo-login">
            <p>{t('quota.login')}</p>
            <Link
              className="button button--primary button--block"
              to={loginPath(location.pathname + location.search)}
            >
              {t('quota.loginButton')}
            </Link>
          </section>
          <Draw issue={issue} />
        </>
      )}
    </LoadingOr>
  );
}

/** `/shares/new-detail?code=`: an issue's terms and timeline, the user's quota and subscription, the draw. */
export function NewShareDetailScreen() {
  const { t } = useTranslation('ipo');
  const code = useSearchParams()[0].get('code') ?? '';
  const signedIn = useSession((s) => s.token !== '');
  return (
    <Screen nav={{ title: t('routes.newShareDetail', { ns: 'translation' }) }}>
      {signedIn ? <SignedIn code={code} /> : <Visitor code={code} />}
    </Screen>
  );
}
