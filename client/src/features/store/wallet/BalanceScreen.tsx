import { FUND_RECORD_KINDS, type FundRecord, type FundRecordKind } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/date/formatDate.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { usePagedList } from '../../../lib/usePagedList.ts';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { PagedList } from '../../../shared-ui/PagedList.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { Segmented } from '../../../shared-ui/Segmented.tsx';
import { usePrice } from '../format.ts';
import { fetchWallet } from '../shoppingApi.ts';
import { signed } from './signed.ts';
import { FUND_RECORD_PAGE, fetchFundRecords } from './walletApi.ts';
import '../store.css';
import './wallet.css';

type KindFilter = 'all' | FundRecordKind;

function BalanceCard() {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [wallet, retry] = useLoad((signal) => fetchWallet(signal), []);
  return (
    <section className="card wallet-card" aria-label={t('wallet.title')}>
      <LoadingOr state={wallet} onRetry={retry}>
        {({ balance, frozen }) => (
          <dl className="wallet-card__figures">
            <div>
              <dt>{t('wallet.available')}</dt>
              <dd className="wallet-card__available" data-testid="wallet-available">
                {price(balance)}
              </dd>
            </div>
            <div>
              <dt>{t('wallet.frozen')}</dt>
              <dd data-testid="wallet-frozen">{price(frozen)}</dd>
            </div>
          </dl>
        )}
      </LoadingOr>
      <Link
        to="/store/recharge"
        className="button button--primary button--block"
        data-testid="wallet-recharge"
      >
        {t('wallet.recharge')}
      </Link>
      <Link to="/store/withdraw" className="button button--block" data-testid="wallet-withdraw">
        {t('wallet.withdraw')}
      </Link>
    </section>
  );
}

function Record({ record }: { record: FundRecord }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const moved = record.amount !== '0.00' ? record.amount : record.frozen;
  return (
    <li className="fund-record" data-testid="fund-record" data-kind={record.kind}>
      <div className="fund-record__main">
        <span>{t(`wallet.kinds.${record.kind}`)}</span>
        <span className={`fund-record__amount${moved.startsWith('-') ? '' : ' fund-record__amount--in'}`}>
          {signed(moved, price)}
        </span>
      </div>
      <div className="fund-record__foot">
        <time dateTime={record.createdAt}>{formatDate(record.createdAt, 'YYYY-MM-DD HH:mm')}</time>
        <span>
          {record.frozen !== '0.00' && record.amount !== '0.00'
            ? `${t('wallet.frozenChange', { amount: signed(record.frozen, price) })} · `
            : null}
          {t('wallet.balanceAfter', { amount: price(record.balance) })}
        </span>
      </div>
      {record.recovered === null ? null : (
        <p className="fund-record__note" data-testid="fund-record-recovered">
          {t('wallet.recovered', { amount: price(record.recovered) })}
        </p>
      )}
    </li>
  );
}

/** One filter's records, page after page. A new filter mounts a new list (its key). */
function Records({ kind }: { kind: KindFilter }) {
  const { t } = useTranslation('store');
  const list = usePagedList<FundRecord, string>(async (cursor, signal) => {
    const page = await fetchFundRecords(
      { kind: kind === 'all' ? undefined : kind, cursor, limit: FUND_RECORD_PAGE },
      signal,
    );
    return { items: page.items, next: page.nextCursor };
  });
  return (
    <PagedList list={list} empty={t('wallet.empty')} emptyTestId="fund-records-empty">
      <ul className="card wallet-list" data-testid="fund-records">
        {list.items.map((record) => (
          <Record key={record.id} record={record} />
        ))}
      </ul>
    </PagedList>
  );
}

/** `/store/balance`: the storefront balance, available and frozen, and every movement of it by kind. */
export function BalanceScreen() {
  const { t } = useTranslation('store');
  const [kind, setKind] = useState<KindFilter>('all');
  return (
    <Screen nav={{ title: t('routes.storeBalance', { ns: 'translation' }) }} padded={false}>
      <div className="wallet-screen">
        <BalanceCard />
        <h2 className="wallet-screen__title">{t('wallet.records')}</h2>
        <Segmented
          options={(['all', ...FUND_RECORD_KINDS] as const).map((value) => ({
            value,
            label: value === 'all' ? t('wallet.all') : t(`wallet.kinds.${value}`),
          }))}
          value={kind}
          onChange={setKind}
          label={t('wallet.kind')}
          testId="fund-record-kind"
        />
        <div className="wallet-screen__list">
          <Records key={kind} kind={kind} />
        </div>
      </div>
    </Screen>
  );
}
