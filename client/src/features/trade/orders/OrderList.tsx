import { acceptsCancels, type MarketPhase, type OrderView } from '@bourse/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shares, timeOf, tradePrice } from '../../../lib/accountFormat.ts';
import { formatPrice } from '../../../lib/format.ts';
import { isApiError, messageOf } from '../../../lib/http/ApiError.ts';
import { NameCode } from '../../../shared-ui/NameCode.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { useMarketStatus } from '../../market/index.ts';
import { cancelOrder } from '../data/tradingApi.ts';
import { isOpenOrder, noteOrder } from '../data/tradingStore.ts';

/** The side as a coloured tag: buys in the rise colour, sells in the fall colour. */
export function SideTag({ side }: { side: OrderView['side'] }) {
  const { t } = useTranslation();
  return <span className={`side-tag side-tag--${side}`}>{t(`trade.side.${side}`)}</span>;
}

/** Why cancels are refused now (the exchanges take none 9:20–9:25 and 14:57–15:00); null when they are taken. */
function cancelWindowKey(phase: MarketPhase | null) {
  if (phase !== null && acceptsCancels(phase)) return null;
  if (phase === 'openingCallLocked' || phase === 'closingCall') return `trade.cancelWindow.${phase}` as const;
  return 'trade.cancelWindow.closed' as const;
}

function OrderRow({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = isOpenOrder(order);
  const noCancel = cancelWindowKey(useMarketStatus()?.phase ?? null);

  const cancel = async () => {
    setBusy(true);
    try {
      noteOrder(await cancelOrder(order.id));
      toast.success(t('trade.cancelDone'));
    } catch (error) {
      // The HTTP client has shown the server's reason; anything else is shown here.
      if (!isApiError(error)) toast.fail(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const limit = order.price === null ? t('trade.type.market') : tradePrice(order.price, order.symbol);
  return (
    <li className="line-item" data-testid="order-row" data-status={order.status} data-symbol={order.symbol}>
      <div className="order-row__head">
        <SideTag side={order.side} />
        <NameCode name={order.name} symbol={order.symbol} />
        {order.session === 'afterHours' ? (
          <span className="order-row__session" data-testid="order-after-hours">
            {t('trade.sessionAfterHours')}
          </span>
        ) : null}
        <span className={`order-status order-status--${order.status}`} data-testid="order-status">
          {t(`trade.status.${order.status}`)}
        </span>
      </div>
      <dl className="order-row__figures">
        <div>
          <dt>{t('trade.orderPrice')}</dt>
          <dd>{limit}</dd>
        </div>
        <div>
          <dt>{t('trade.filledOfQuantity')}</dt>
          <dd data-testid="order-filled">
            {t('trade.ofQuantity', {
              filled: shares(order.filledQuantity),
              quantity: shares(order.quantity),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('trade.averagePrice')}</dt>
          <dd>{formatPrice(order.averagePrice)}</dd>
        </div>
      </dl>
      <div className="order-row__foot">
        <span className="order-row__time">{timeOf(order.marketAt)}</span>
        {order.cancelReason ? (
          <span className="order-row__reason">{t(`trade.cancelReason.${order.cancelReason}`)}</span>
        ) : null}
        {open ? (
          <button
            type="button"
            className="order-row__cancel"
            onClick={cancel}
            disabled={busy || noCancel !== null}
            aria-describedby={noCancel ? `cancel-window-${order.id}` : undefined}
            data-testid="order-cancel"
          >
            {t('trade.cancel')}
          </button>
        ) : null}
      </div>
      {open && noCancel ? (
        <p className="order-row__note" id={`cancel-window-${order.id}`} data-testid="order-cancel-window">
          {t(noCancel)}
        </p>
      ) : null}
    </li>
  );
}

/** The rows of a card, or `empty` when there are none. */
export function LineList({
  count,
  empty,
  testId,
  children,
}: {
  count: number;
  empty: string;
  testId: string;
  children: ReactNode;
}) {
  if (count === 0) {
    return (
      <p className="load-state" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="line-list" data-testid={testId}>
      {children}
    </ul>
  );
}

/** Orders newest first; open ones can be cancelled. */
export function OrderList({ orders, empty }: { orders: readonly OrderView[]; empty: string }) {
  return (
    <LineList count={orders.length} empty={empty} testId="order-list">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </LineList>
  );
}
