import type { FailedSettlementView } from '@bourse/shared';
import { formatMoney } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { fetchFailedSettlements, retrySettlement } from './adminApi.ts';

/** A failure is recorded by a worker at any time; the desk looks again this often. */
const SETTLEMENTS_REFRESH_MS = 15_000;

function FailedSettlement({ item, onDone }: { item: FailedSettlementView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await retrySettlement(item.id);
      toast.success(t('settlements.retried', { name: item.name, symbol: item.symbol }));
      onDone();
    } catch (error) {
      toast.fail(messageOf(error));
      setBusy(false);
    }
  };
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
            price: item.price,
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
        <Button disabled={busy} onClick={() => void retry()} testId="admin-settlement-retry">
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
  const [failed, reload] = useLoad((signal) => fetchFailedSettlements(signal), [], {
    refreshMs: SETTLEMENTS_REFRESH_MS,
  });
  return (
    <section className="card admin-card" aria-labelledby="admin-settlements-title">
      <h2 className="admin-card__title" id="admin-settlements-title">
        {t('settlements.title')}
      </h2>
      <p className="form__hint">{t('settlements.hint')}</p>
      <LoadingOr state={failed} onRetry={reload}>
        {({ list }) =>
          list.length === 0 ? (
            <p className="admin-card__empty" data-testid="admin-settlements-empty">
              {t('settlements.empty')}
            </p>
          ) : (
            <ul className="admin-reviews">
              {list.map((item) => (
                <FailedSettlement key={item.id} item={item} onDone={reload} />
              ))}
            </ul>
          )
        }
      </LoadingOr>
    </section>
  );
}
