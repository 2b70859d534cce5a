import {
  afterSaleOpen,
  STORE_ORDER_TAB_KEYS,
  type StoreOrder,
  type StoreOrderDetail,
  type StoreOrderPage,
  type StoreOrderTab,
} from '@bourse/shared';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../lib/date/formatDate.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { PullRefreshList } from '../../shared-ui/PullRefreshList.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { PayPasswordSheet } from '../identity/index.ts';
import { AddressWhere } from './AddressCard.tsx';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { usePrice } from './format.ts';
import { OrderFigures } from './OrderFigures.tsx';
import { OrderLine } from './OrderLine.tsx';
import { StoreTabs } from './StoreTabs.tsx';
import { cancelOrder, confirmReceipt, fetchOrder, fetchOrders, payOrders } from './shoppingApi.ts';
import './store.css';
import './reviews/reviews.css';

type Action = 'cancel' | 'confirm' | 'pay';

/** The shopper's actions on an order, each asked first (cancel, receipt) or behind the payment sheet (pay). */
function OrderActions({ order, onDone }: { order: StoreOrder; onDone: () => void }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [asking, setAsking] = useState<Action | null>(null);
  const payKey = useRef(crypto.randomUUID());
  // As the state table has them (shared/src/store/orderStates.ts): the server refuses the rest.
  const caseOpen = afterSaleOpen(order);
  const canCancel =
    order.closure === 'open' &&
    order.fulfilment === 'unfulfilled' &&
    (order.afterSale === 'none' || order.afterSale === 'refused');
  const canConfirm =
    order.closure === 'open' &&
    order.payment !== 'unpaid' &&
    !caseOpen &&
    (order.fulfilment === 'shipped' || order.fulfilment === 'delivered');
  const canPay = order.status === 'waitingPay';
  const canRefund =
    order.closure === 'open' &&
    (order.payment === 'paid' || order.payment === 'partiallyRefunded') &&
    !caseOpen;
  if (!canCancel && !canConfirm && !canPay && !canRefund && !caseOpen) return null;
  return (
    <div className="order-actions">
      {canRefund ? (
        <Link
          className="button button--ghost"
          to={`/store/refund/apply?orderId=${order.id}`}
          data-testid="order-refund"
        >
          {t('refunds.apply')}
        </Link>
      ) : null}
      {caseOpen ? (
        <Link className="button button--ghost" to="/store/refunds" data-testid="order-after-sale">
          {t('refunds.viewAfterSale')}
        </Link>
      ) : null}
      {canCancel ? (
        <Button variant="ghost" onClick={() => setAsking('cancel')} testId="order-cancel">
          {t('orders.cancel')}
        </Button>
      ) : null}
      {canConfirm ? (
        <Button onClick={() => setAsking('confirm')} testId="order-confirm">
          {t('orders.confirmReceipt')}
        </Button>
      ) : null}
      {canPay ? (
        <Button onClick={() => setAsking('pay')} testId="order-pay">
          {t('orders.payNow')}
        </Button>
      ) : null}
      {asking === 'cancel' || asking === 'confirm' ? (
        <ConfirmSheet
          title={t(asking === 'cancel' ? 'orders.cancel' : 'orders.confirmReceipt')}
          message={t(asking === 'cancel' ? 'orders.cancelAsk' : 'orders.confirmAsk')}
          onConfirm={() =>
            void (asking === 'cancel' ? cancelOrder(order.id) : confirmReceipt(order.id)).then(
              onDone,
              () => undefined,
            )
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'pay' ? (
        <PayPasswordSheet
          summary={t('checkout.paySummary', { amount: price(order.total) })}
          onConfirm={async (payPassword) => {
            try {
              await payOrders([order.id], payPassword, payKey.current);
            } catch (error) {
              toast.fail(t('checkout.payFail'));
              throw error;
            }
            toast.success(t('checkout.paid'));
            onDone();
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}

/** Once received, each item can be reviewed once: the way to write it, or that it is done. */
function ReviewLink({ order, line }: { order: StoreOrder; line: StoreOrder['lines'][number] }) {
  const { t } = useTranslation('store');
  return (
    <p className="order-line__review-row">
      {line.reviewed ? (
        <span className="order-line__reviewed">{t('reviews.reviewed')}</span>
      ) : (
        <Link
          className="order-line__review"
          to={`/store/review?orderId=${order.id}&lineId=${line.lineId}`}
          data-testid="write-review"
        >
          {t('reviews.write')}
        </Link>
      )}
    </p>
  );
}

function OrderCard({ order, onChanged }: { order: StoreOrder; onChanged: () => void }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  return (
    <li className="card order-card" data-testid="order-card" data-status={order.status}>
      <Link to={`/orders/${order.id}`} className="order-card__head">
        <span>{order.shopName}</span>
        <span className={`order-status order-status--${order.status}`}>
          {t(`orders.status.${order.status}`)}
        </span>
      </Link>
      {order.lines.map((l) => (
        <Fragment key={l.specId}>
          <OrderLine line={l} />
          {order.fulfilment === 'received' ? <ReviewLink order={order} line={l} /> : null}
        </Fragment>
      ))}
      <p className="order-card__total">
        {t('orders.totalOf', { count: order.quantity, amount: price(order.total) })}
      </p>
      <OrderActions order={order} onDone={onChanged} />
    </li>
  );
}

/** `/orders`: the spec's tabs with their counts; each tab a list loaded a page at a time as it scrolls. */
export function OrderListScreen() {
  const { t } = useTranslation('store');
  const [tab, setTab] = useState<StoreOrderTab>('all');
  const [page, setPage] = useState<StoreOrderPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setPage(await fetchOrders(tab, undefined));
      setError(null);
    } catch (e) {
      setError(String((e as Error).message));
    }
  }, [tab]);
  useEffect(() => {
    setPage(null);
    void reload();
  }, [reload]);
  const more = async () => {
    if (!page?.nextCursor) return;
    const next = await fetchOrders(tab, page.nextCursor);
    setPage({ ...next, items: [...page.items, ...next.items] });
  };
  return (
    <Screen
      nav={{
        title: t('routes.orders', { ns: 'translation' }),
        right: (
          <span className="store-nav-links">
            <Link to="/store/reviews" data-testid="nav-my-reviews">
              {t('reviews.mine')}
            </Link>
          </span>
        ),
      }}
      padded={false}
    >
      <StoreTabs
        keys={STORE_ORDER_TAB_KEYS}
        value={tab}
        onChange={setTab}
        label={(key) => t(`orders.tabs.${key}`)}
        count={(key) => page?.counts[key] ?? 0}
        testId="order-tab"
      />
      {error ? <p className="store-empty">{error}</p> : null}
      <PullRefreshList onRefresh={reload} onLoad={more} finished={page !== null && page.nextCursor === null}>
        <ul className="order-list">
          {page?.items.map((o) => (
            <OrderCard key={o.id} order={o} onChanged={() => void reload()} />
          ))}
          {page && page.items.length === 0 ? <li className="store-empty">{t('orders.none')}</li> : null}
        </ul>
      </PullRefreshList>
    </Screen>
  );
}

function Timeline({ order }: { order: StoreOrderDetail }) {
  const { t } = useTranslation('store');
  return (
    <ol className="order-timeline" data-testid="order-timeline">
      {[...order.timeline].reverse().map((e) => (
        <li key={`${e.machine}-${e.at}-${e.to}`} className="order-timeline__item">
          <strong>{t(`orders.event.${e.to}`)}</strong>
          <time dateTime={e.at}>{formatDate(e.at, 'YYYY-MM-DD HH:mm:ss')}</time>
        </li>
      ))}
    </ol>
  );
}

/** `/orders/:id`: number, items, figures, address, the timeline of every state change, and the actions. */
export function OrderDetailScreen() {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const [order, retry] = useLoad((signal) => fetchOrder(id, signal), [id]);
  const o = dataOf(order);
  return (
    <Screen
      nav={{ title: t('routes.orderDetail', { ns: 'translation' }), onBack: () => navigate('/orders') }}
    >
      {o ? (
        <>
          <section className="card order-head" data-testid="order-head">
            <p className={`order-status order-status--${o.status}`}>{t(`orders.status.${o.status}`)}</p>
            <p>{t('orders.number', { number: o.number })}</p>
            {o.expiresAt ? (
              <p>{t('orders.payBefore', { time: formatDate(o.expiresAt, 'HH:mm:ss') })}</p>
            ) : null}
          </section>
          <OrderCard order={o} onChanged={retry} />
          {o.trackingNo ? (
            <section className="card order-panel order-shipment" data-testid="order-shipment">
              <h2 className="card__title">{t('logistics.trackingNo')}</h2>
              <p className="order-shipment__tracking">{o.trackingNo}</p>
              <Link
                className="order-shipment__link"
                to={`/store/logistics/${encodeURIComponent(o.trackingNo)}`}
              >
                {t('orders.trackParcel')}
              </Link>
            </section>
          ) : null}
          <OrderFigures
            figures={o}
            discountLabel={o.promoCode ? t('orders.promo', { code: o.promoCode }) : undefined}
          />
          <section className="card order-panel">
            <h2 className="card__title">{t('orders.shipTo')}</h2>
            <p>{`${o.address.addressee} ${o.address.mobile}`}</p>
            <p>
              <AddressWhere address={o.address} />
            </p>
          </section>
          <section className="card order-panel">
            <h2 className="card__title">{t('orders.timeline')}</h2>
            <Timeline order={o} />
          </section>
        </>
      ) : (
        <LoadState state={order} onRetry={retry} empty="" />
      )}
    </Screen>
  );
}
