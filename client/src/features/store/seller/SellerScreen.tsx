import {
  type AdminRefundView,
  REFUND_REFUSAL_REASONS,
  type RefundRefusalReason,
  type SellerProduct,
  type SellerShop,
  type StoreOrder,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLocale } from '../../../i18n/index.ts';
import { formatDate } from '../../../lib/date/formatDate.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { LoadState } from '../../../shared-ui/LoadState.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { Segmented } from '../../../shared-ui/Segmented.tsx';
import { useItemAction } from '../../../shared-ui/useItemAction.ts';
import { usePrice } from '../format.ts';
import { SellerReviewsTab } from './SellerReviewsTab.tsx';
import { ShopStatsTab } from './ShopStatsTab.tsx';
import {
  approveShopRefund,
  confirmShopReturn,
  delistProduct,
  fetchOrdersToShip,
  fetchSellerProducts,
  fetchSellerShop,
  fetchShopRefunds,
  refuseShopRefund,
  relistProduct,
  shipOrder,
} from './sellerApi.ts';
import '../store.css';
import './seller.css';
import { PictureLink } from '../../../shared-ui/PictureLink.tsx';

const TABS = ['products', 'orders', 'refunds', 'reviews', 'stats'] as const;
type Tab = (typeof TABS)[number];

function ProductRow({ product, onDone }: { product: SellerProduct; onDone: () => void }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [busy, run] = useItemAction(onDone);
  const stock = product.specs.reduce((sum, s) => sum + s.stock, 0);
  return (
    <li className="seller-product-row" data-testid="seller-product-row" data-on-sale={product.onSale}>
      <Link className="seller-product" to={`/seller/product?id=${product.id}`} data-testid="seller-product">
        <img src={product.imageUrl} alt="" width={56} height={56} />
        <span className="seller-product__text">
          <strong>{product.name[currentLocale()]}</strong>
          <span className="form__hint">
            {t('seller.productLine', { price: price(product.price), stock, sales: product.sales })}
          </span>
          {product.onSale ? null : <span className="seller-badge">{t('seller.offSale')}</span>}
        </span>
      </Link>
      {product.onSale ? (
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => run(async () => (await delistProduct(product.id)) && t('seller.delisted'))}
          testId="seller-delist"
        >
          {t('seller.delist')}
        </Button>
      ) : (
        <Button
          disabled={busy}
          onClick={() => run(async () => (await relistProduct(product.id)) && t('seller.relisted'))}
          testId="seller-relist"
        >
          {t('seller.relist')}
        </Button>
      )}
    </li>
  );
}

function ProductsTab() {
  const { t } = useTranslation('store');
  const [products, reload] = useLoad((signal) => fetchSellerProducts(signal), []);
  return (
    <>
      <Link
        className="button button--primary button--block"
        to="/seller/product"
        data-testid="seller-add-product"
      >
        {t('seller.addProduct')}
      </Link>
      {products.status === 'success' && products.data.items.length > 0 ? (
        <ul className="card seller-list" data-testid="seller-products">
          {products.data.items.map((p) => (
            <ProductRow key={p.id} product={p} onDone={reload} />
          ))}
        </ul>
      ) : (
        <LoadState state={products} onRetry={reload} empty={t('seller.noProducts')} />
      )}
    </>
  );
}

function OrderRow({ order, onDone }: { order: StoreOrder; onDone: () => void }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [busy, run] = useItemAction(onDone);
  return (
    <li className="seller-item" data-testid="seller-order">
      <div className="fund-record__main">
        <strong>{order.number}</strong>
        <span>{price(order.total)}</span>
      </div>
      <ul className="seller-item__lines">
        {order.lines.map((line) => (
          <li key={line.lineId}>
            {t('seller.orderLine', { name: line.name, spec: line.specLabel, quantity: line.quantity })}
          </li>
        ))}
      </ul>
      <p className="form__hint">
        {[
          order.address.addressee,
          order.address.region,
          formatDate(order.createdAt, 'YYYY-MM-DD HH:mm'),
        ].join(' · ')}
      </p>
      <Button
        block
        disabled={busy}
        onClick={() =>
          run(async () => {
            const shipped = await shipOrder(order.id);
            return t('seller.shipped', { trackingNo: shipped.trackingNo ?? '' });
          })
        }
        testId="seller-ship"
      >
        {t('seller.ship')}
      </Button>
    </li>
  );
}

function OrdersTab() {
  const { t } = useTranslation('store');
  const [orders, reload] = useLoad((signal) => fetchOrdersToShip(signal), []);
  return orders.status === 'success' && orders.data.items.length > 0 ? (
    <ul className="card seller-list" data-testid="seller-orders">
      {orders.data.items.map((o) => (
        <OrderRow key={o.id} order={o} onDone={reload} />
      ))}
    </ul>
  ) : (
    <LoadState state={orders} onRetry={reload} empty={t('seller.noOrders')} />
  );
}

function RefundRow({ refund, onDone }: { refund: AdminRefundView; onDone: () => void }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [reason, setReason] = useState<RefundRefusalReason>('noEvidence');
  const [busy, run] = useItemAction(onDone);
  return (
    <li className="seller-item" data-testid="seller-refund" data-state={refund.state}>
      <div className="fund-record__main">
        <strong>{t(`refund.type.${refund.type}`, { ns: 'translation' })}</strong>
        <span>{price(refund.amount)}</span>
      </div>
      <p className="form__hint">
        {[refund.orderNumber, t(`refund.reason.${refund.reason}`, { ns: 'translation' })].join(' · ')}
      </p>
      <p>{refund.explanation}</p>
      <PictureLink url={refund.proofUrl} alt={t('seller.proof', { order: refund.orderNumber })} />
      {refund.returnTrackingNo ? (
        <p className="form__hint">
          {t('seller.returnParcel', {
            carrier: refund.returnCarrier ?? '',
            trackingNo: refund.returnTrackingNo,
          })}
        </p>
      ) : null}
      {refund.state === 'requested' ? (
        <div className="seller-item__actions">
          <Button
            disabled={busy}
            onClick={() => run(async () => (await approveShopRefund(refund.id)) && t('seller.approved'))}
            testId="seller-refund-approve"
          >
            {t('seller.approve')}
          </Button>
          <select
            className="row-select"
            aria-label={t('seller.refuseReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value as RefundRefusalReason)}
            data-testid="seller-refund-reason"
          >
            {REFUND_REFUSAL_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`refund.refusal.${r}`, { ns: 'translation' })}
              </option>
            ))}
          </select>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              run(async () => (await refuseShopRefund(refund.id, reason)) && t('seller.refused'))
            }
            testId="seller-refund-refuse"
          >
            {t('seller.refuse')}
          </Button>
        </div>
      ) : (
        <Button
          block
          disabled={busy}
          onClick={() => run(async () => (await confirmShopReturn(refund.id)) && t('seller.returnConfirmed'))}
          testId="seller-refund-confirm"
        >
          {t('seller.confirmReturn')}
        </Button>
      )}
    </li>
  );
}

function RefundsTab() {
  const { t } = useTranslation('store');
  const [state, setState] = useState<'requested' | 'returning'>('requested');
  const [refunds, reload] = useLoad((signal) => fetchShopRefunds(state, signal), [state]);
  return (
    <>
      <Segmented
        inline
        options={(['requested', 'returning'] as const).map((value) => ({
          value,
          label: t(`refunds.state.${value}`),
        }))}
        value={state}
        onChange={setState}
        label={t('seller.tabs.refunds')}
        testId="seller-refund-state"
      />
      {refunds.status === 'success' && refunds.data.items.length > 0 ? (
        <ul className="card seller-list" data-testid="seller-refunds">
          {refunds.data.items.map((r) => (
            <RefundRow key={r.id} refund={r} onDone={reload} />
          ))}
        </ul>
      ) : (
        <LoadState state={refunds} onRetry={reload} empty={t('seller.noRefunds')} />
      )}
    </>
  );
}

/** What a tab's label counts: the products, the orders to ship, the open refunds; the reviews and statistics tabs count nothing. */
function tabCount(tab: Tab, shop: SellerShop): number | undefined {
  if (tab === 'products') return shop.productCount;
  if (tab === 'orders') return shop.toShip;
  if (tab === 'refunds') return shop.openRefunds;
  return undefined;
}

function SellerTab({ tab }: { tab: Tab }) {
  switch (tab) {
    case 'products':
      return <ProductsTab />;
    case 'orders':
      return <OrdersTab />;
    case 'refunds':
      return <RefundsTab />;
    case 'reviews':
      return <SellerReviewsTab />;
    case 'stats':
      return <ShopStatsTab />;
  }
}

/**
 * `/seller`: the seller console, for a shop's owner only (anyone else is told so by the
 * server's 403): the shop's figures, its products, the paid orders to ship, the refunds to
 * answer or returns to confirm, the reviews to reply to and the statistics by day.
 */
export function SellerScreen() {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [shop, reload] = useLoad((signal) => fetchSellerShop(signal), []);
  const [tab, setTab] = useState<Tab>('products');
  return (
    <Screen nav={{ title: t('routes.sellerConsole', { ns: 'translation' }) }}>
      <LoadingOr state={shop} onRetry={reload}>
        {(data) => (
          <>
            <section className="card seller-shop" data-testid="seller-shop">
              <img src={data.logoUrl} alt="" width={48} height={48} />
              <div>
                <h2 className="seller-shop__name">{data.name}</h2>
                <p className="form__hint">
                  {t('seller.figures', {
                    sales: data.sales,
                    fans: data.fans,
                    rate: data.favourableRate,
                    total: price(data.totalSales),
                  })}
                </p>
              </div>
            </section>
            <Segmented
              options={TABS.map((value) => ({
                value,
                label: t(`seller.tabs.${value}`, { count: tabCount(value, data) }),
              }))}
              value={tab}
              onChange={setTab}
              label={t('routes.sellerConsole', { ns: 'translation' })}
              testId="seller-tab"
            />
            <SellerTab tab={tab} />
          </>
        )}
      </LoadingOr>
    </Screen>
  );
}
