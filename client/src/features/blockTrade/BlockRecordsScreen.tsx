import type { BlockOrderStatus, BlockOrderView } from '@bourse/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money, shares } from '../../lib/accountFormat.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import { formatPrice } from '../../lib/format.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { PagedList } from '../../shared-ui/PagedList.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { startInbox, useMessageStore } from '../messages/index.ts';
import { cancelBlockOrder, fetchBlockOrders, RECORDS_PAGE_SIZE } from './blockTradeApi.ts';
import '../trade/trade.css';
import '../portfolio/portfolio.css';
import '../banking/banking.css';
import './blockTrade.css';

type StatusFilter = 'all' | BlockOrderStatus;

function Record({ order, onCancel }: { order: BlockOrderView; onCancel: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <li className="line-item block-record" data-testid="block-record" data-status={order.status}>
      <div className="block-record__main">
        <NameCode name={order.name} symbol={order.symbol} />
        <span className={`status status--${order.status}`} data-testid="block-status">
          {t(`blockTrade.record.status.${order.status}`)}
        </span>
      </div>
      <div className="block-record__detail">
        <span className={`block-record__side block-record__side--${order.side}`}>
          {t('blockTrade.record.sideKind', {
            side: t(`blockTrade.side.${order.side}`),
            kind: t(`blockTrade.kind.${order.kind}`),
          })}
        </span>
        <span>
          {t('blockTrade.record.terms', {
            price: formatPrice(order.price),
            quantity: shares(order.quantity),
          })}
        </span>
      </div>
      <div className="block-record__detail">
        <span className="block-record__amount">{money(order.amount)}</span>
        <span>
          {order.status === 'pending' && order.frozenCash !== '0.00'
            ? t('blockTrade.record.frozen', { amount: money(order.frozenCash) })
            : t('blockTrade.record.fees', { fees: money(order.fees) })}
        </span>
      </div>
      {order.refusalReason ? (
        <p className="block-record__reason">{t(`blockTrade.record.reasons.${order.refusalReason}`)}</p>
      ) : null}
      <div className="block-record__detail">
        <span className="block-record__time">
          {formatDate(order.marketAt)}
          {order.closedAt
            ? ` · ${t('blockTrade.record.closedAt', { time: formatDate(order.closedAt, 'HH:mm:ss') })}`
            : null}
        </span>
        {order.status === 'pending' ? (
          <button
            type="button"
            className="link-button"
            onClick={() => onCancel(order.id)}
            data-testid="block-cancel"
          >
            {t('blockTrade.record.cancel')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** One filter's block orders, page after page; reloads when a settlement result arrives. */
function Records({ status }: { status: StatusFilter }) {
  const { t } = useTranslation();
  const list = usePagedList<BlockOrderView, number>(async (page, signal) => {
    const answer = await fetchBlockOrders(
      { status: status === 'all' ? undefined : status, page: page ?? 1 },
      signal,
    );
    const loaded = (answer.page - 1) * RECORDS_PAGE_SIZE + answer.items.length;
    return { items: answer.items, next: loaded < answer.total ? answer.page + 1 : null };
  });
  const answered = useMessageStore((s) => s.arrived.filter((m) => m.kind === 'blockTradeResult').length);
  const refresh = useRef(list.refresh);
  refresh.current = list.refresh;
  useEffect(() => {
    // A failed refresh keeps the rows; the next result tries again.
    if (answered > 0) refresh.current().catch(() => undefined);
  }, [answered]);
  const cancel = async (id: string) => {
    await cancelBlockOrder(id);
    toast.success(t('blockTrade.record.cancelled'));
    await refresh.current();
  };
  return (
    <PagedList list={list} empty={t('blockTrade.record.empty')} emptyTestId="block-records-empty">
      <ul className="card line-list" data-testid="block-records">
        {list.items.map((order) => (
          // A refused cancel is toasted by the API client; the list stays as it was.
          <Record key={order.id} order={order} onCancel={(id) => void cancel(id).catch(() => undefined)} />
        ))}
      </ul>
    </PagedList>
  );
}

/** `/shares/dzjy-record`: block orders with their status, cancel while pending. */
export function BlockRecordsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('all');
  useEffect(startInbox, []);
  return (
    <Screen nav={{ title: t('routes.blockTradeRecord') }} padded={false}>
      <div className="list-screen">
        <Segmented
          options={(['all', 'pending', 'settled', 'refused', 'cancelled'] as const).map((value) => ({
            value,
            label: t(`blockTrade.record.filters.${value}`),
          }))}
          value={status}
          onChange={setStatus}
          label={t('blockTrade.record.filter')}
          testId="block-filter"
        />
        <div className="list-screen__list">
          <Records key={status} status={status} />
        </div>
      </div>
    </Screen>
  );
}
