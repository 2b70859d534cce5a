import type { TransferDirection, TransferView } from '@bourse/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../lib/accountFormat.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { PagedList } from '../../shared-ui/PagedList.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { startInbox, useMessageStore } from '../messages/index.ts';
import { fetchTransfers, RECORDS_PAGE_SIZE } from './bankingApi.ts';
import { useBankName } from './useBankName.ts';
import '../trade/trade.css';
import '../portfolio/portfolio.css';
import './banking.css';

type DirectionFilter = 'all' | TransferDirection;

/** While a transfer waits for the bank, look again this often in case its message is missed. */
export const AUDITING_REFRESH_MS = 5_000;

function Record({ transfer }: { transfer: TransferView }) {
  const { t } = useTranslation();
  const bankName = useBankName();
  const sign = transfer.direction === 'in' ? '+' : '-';
  return (
    <li className="line-item transfer-record" data-testid="transfer-record" data-status={transfer.status}>
      <div className="transfer-record__main">
        <span>{t(transfer.direction === 'in' ? 'bank.transfer.in' : 'bank.transfer.out')}</span>
        <span className={`transfer-record__amount transfer-record__amount--${transfer.direction}`}>
          {sign}
          {money(transfer.amount)}
        </span>
      </div>
      <div className="transfer-record__detail">
        <span>{t('bank.card.label', { bank: bankName(transfer.bank), tail: transfer.cardTail })}</span>
        <span className={`status status--${transfer.status}`} data-testid="transfer-status">
          {t(`bank.record.status.${transfer.status}`)}
        </span>
      </div>
      {transfer.refusalReason ? (
        <p className="transfer-record__reason">{t(`bank.record.reasons.${transfer.refusalReason}`)}</p>
      ) : null}
      {/* A bank transfer happens in the real world: real time, and said so beside the market's. */}
      <p className="transfer-record__time">
        {t('market.clock.realTime', { time: formatDate(transfer.createdAt) })}
        {transfer.settledAt
          ? ` · ${t('bank.record.settledAt', { time: formatDate(transfer.settledAt, 'HH:mm:ss') })}`
          : null}
      </p>
    </li>
  );
}

/** One filter's transfers, page after page; reloads when the bank answers one of them. */
function Records({ direction }: { direction: DirectionFilter }) {
  const { t } = useTranslation();
  const list = usePagedList<TransferView, number>(async (page, signal) => {
    const answer = await fetchTransfers(
      { direction: direction === 'all' ? undefined : direction, page: page ?? 1 },
      signal,
    );
    const loaded = (answer.page - 1) * RECORDS_PAGE_SIZE + answer.items.length;
    return { items: answer.items, next: loaded < answer.total ? answer.page + 1 : null };
  });
  // A transfer's result arrives as a message over /user: take the list again from the top.
  const answered = useMessageStore((s) => s.arrived.filter((m) => m.kind === 'transferResult').length);
  const waiting = list.items.some((i) => i.status === 'auditing');
  const refresh = useRef(list.refresh);
  refresh.current = list.refresh;
  useEffect(() => {
    // A failed refresh keeps the rows; the next answer or tick tries again.
    if (answered > 0) refresh.current().catch(() => undefined);
  }, [answered]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => refresh.current().catch(() => undefined), AUDITING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  return (
    <PagedList list={list} empty={t('bank.record.empty')} emptyTestId="transfer-records-empty">
      <ul className="card line-list" data-testid="transfer-records">
        {list.items.map((transfer) => (
          <Record key={transfer.id} transfer={transfer} />
        ))}
      </ul>
    </PagedList>
  );
}

/** `/bankRecord`: transfers with their audit status, kept up to date as the bank answers. */
export function TransferRecordsScreen() {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<DirectionFilter>('all');
  useEffect(startInbox, []);
  return (
    <Screen nav={{ title: t('routes.bankRecord') }} padded={false}>
      <div className="list-screen">
        <Segmented
          options={(['all', 'in', 'out'] as const).map((value) => ({
            value,
            label: t(`bank.record.filters.${value}`),
          }))}
          value={direction}
          onChange={setDirection}
          label={t('bank.record.filter')}
          testId="transfer-filter"
        />
        <div className="list-screen__list">
          <Records key={direction} direction={direction} />
        </div>
      </div>
    </Screen>
  );
}
