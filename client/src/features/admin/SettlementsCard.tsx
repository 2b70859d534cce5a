import type { FailedSettlementView } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { formatMoney, formatPrice } from '../../lib/format.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { useItemAction } from '../../shared-ui/useItemAction.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { fetchFailedSettlements, retrySettlement } from './adminApi.ts';

function FailedSettlement({ item, onDone }: { item: FailedSettlementView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [busy, run] = useItemAction(onDone);
  const retry = () =>
    run(async () => {
      await retrySettlement(item.id);
      return t('settlements.retried', { name: item.name, symbol: item.symbol });
    });
  const quantity = formatMoney(String(item.quantity), 0);
  return (
    <li className="admin-review" data-testid="admin-settlement" data-order={item.id}>
      <p className="admin-review__who">
        <strong>
          {t('settlements.order', {
            side: t(`blockTrade.side.${item.side}`, { ns: 'translation' }),
            quantity,
            name: item.name,
            symbol: item.symbol,
            price: formatPrice(item.price),
          })}
        </strong>
      </p>
      <p className="admin-issue__code">
        {item.side === 'buy'
          ? t('settlements.frozenCash', { amount: formatMoney(item.frozenCash) })
          : t('settlements.frozenShares', { quantity })}
      </p>
      <p className="admin-issue__code" data-testid="admin-settlement-error">
        {t('settlements.failedAt', {
          time: formatDate(item.settleFailedAt, 'YYYY-MM-DD HH:mm'),
          error: item.settleError,
        })}
      </p>
      <div className="admin-review__actions">
        <Button disabled={busy} onClick={retry} testId="admin-settlement-retry">
          {t('settlements.retry')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Block-trade settlements that failed every attempt: the customer's cash or shares stay frozen
 * until back office retries one here (the server replaces its failed job by a fresh one).
 */
export function SettlementsCard() {
  const { t } = useTranslation('admin');
  return (
    <AdminQueueCard
      name="settlements"
      title={t('settlements.title')}
      hint={t('settlements.hint')}
      load={fetchFailedSettlements}
      itemsOf={({ list }) => list}
      empty={t('settlements.empty')}
    >
      {(item, reload) => <FailedSettlement key={item.id} item={item} onDone={reload} />}
    </AdminQueueCard>
  );
}
