import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorText } from '../../i18n/index.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { PayPasswordSheet } from '../identity/index.ts';
import { useSession } from '../session/index.ts';
import { AddressCard } from './AddressCard.tsx';
import { loadCart } from './cartStore.ts';
import { usePrice } from './format.ts';
import { OrderFigures } from './OrderFigures.tsx';
import { OrderLine } from './OrderLine.tsx';
import { createOrders, fetchAddresses, payOrders, quoteCheckout } from './shoppingApi.ts';
import './store.css';

type Item = { specId: number; quantity: number };

/** Where the buyer goes once the orders are placed, however the payment sheet ends: paid, closed, or left for 'Go Setting'. */
const PLACED_ORDERS = '/orders';

/**
 * `/checkout`: the address (default first), lines by shop with freight each, a promo code, the
 * totals; Place order creates one order per shop, then the payment sheet pays them all.
 */
export function CheckoutScreen() {
  const { t } = useTranslation('store');
  const price = usePrice();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const items = ((useLocation().state as { items?: Item[] } | null)?.items ?? []) as Item[];
  const [promoInput, setPromoInput] = useState('');
  const [promo, setPromo] = useState<string | undefined>();
  const [addresses, retryAddresses] = useLoad((signal) => fetchAddresses(signal), []);
  const [quote, retry] = useLoad(
    (signal) => quoteCheckout(items, promo, signal),
    [promo, JSON.stringify(items)],
    {
      enabled: items.length > 0,
    },
  );
  const [orders, setOrders] = useState<{ ids: string[]; total: string } | null>(null);
  // One key per screen: placing again after a lost answer returns the same orders.
  const checkoutKey = useRef(crypto.randomUUID());
  const payKey = useRef(crypto.randomUUID());
  const addressList = dataOf(addresses);
  const address = addressList?.items[0];
  const figures = dataOf(quote);
  const [promoRefusal, setPromoRefusal] = useState<string | undefined>();

  // A code is tried first; only one the server accepts prices the page, so a refusal keeps the figures.
  const applyPromo = async () => {
    const code = promoInput.trim();
    setPromoRefusal(undefined);
    if (code === '') {
      setPromo(undefined);
      return;
    }
    try {
      await quoteCheckout(items, code);
      setPromo(code);
    } catch (error) {
      setPromoRefusal(messageOf(error));
    }
  };

  const place = async () => {
    if (!address) {
      toast.info(errorText('address.required'));
      return;
    }
    const created = await createOrders(
      { items, addressId: address.id, ...(promo ? { promoCode: promo } : {}) },
      checkoutKey.current,
    );
    void loadCart(token);
    setOrders({ ids: created.orders.map((o) => o.id), total: created.total });
  };

  return (
    <Screen nav={{ title: t('routes.checkout', { ns: 'translation' }) }}>
      {addressList ? (
        <Link to="/addresses" className="card checkout-address" data-testid="checkout-address">
          {address ? <AddressCard address={address} /> : <span>{t('checkout.addAddress')}</span>}
        </Link>
      ) : (
        <LoadState state={addresses} onRetry={retryAddresses} empty={t('checkout.addAddress')} />
      )}
      {figures ? (
        figures.shops.map((shop) => (
          <section key={shop.shopId} className="card checkout-shop" data-testid="checkout-shop">
            <h2 className="card__title">{shop.shopName}</h2>
            <ul>
              {shop.lines.map((l) => (
                <OrderLine key={l.specId} line={l} as="li" />
              ))}
            </ul>
            <p className="checkout-shop__freight">
              <span>{t('checkout.freight')}</span>
              <span>{shop.freight === '0.00' ? t('checkout.freeShipping') : price(shop.freight)}</span>
            </p>
          </section>
        ))
      ) : (
        <LoadState state={quote} onRetry={retry} empty={t('checkout.nothing')} />
      )}
      <form
        className="card promo-form"
        onSubmit={(e) => {
          e.preventDefault();
          void applyPromo();
        }}
      >
        <label htmlFor="promo">{t('checkout.promo')}</label>
        <input
          id="promo"
          value={promoInput}
          onChange={(e) => setPromoInput(e.target.value)}
          data-testid="promo-input"
        />
        <Button type="submit" variant="ghost" testId="promo-apply">
          {t('checkout.apply')}
        </Button>
        {promoRefusal ? (
          <p className="field__error" role="alert" data-testid="promo-error">
            {promoRefusal}
          </p>
        ) : null}
      </form>
      {figures ? <OrderFigures figures={figures} balance={figures.balance} testId="checkout-totals" /> : null}
      <div className="store-action-bar">
        <span className="store-action-bar__total">
          {t('cart.total', { amount: price(figures?.total ?? '0.00') })}
        </span>
        {/* Until the addresses are in, Place order would wrongly say there is none. */}
        <Button
          onClick={() => void place().catch(() => undefined)}
          disabled={!figures || !addressList}
          testId="place-order"
        >
          {t('checkout.place')}
        </Button>
      </div>
      {orders ? (
        <PayPasswordSheet
          summary={t('checkout.paySummary', { amount: price(orders.total) })}
          onConfirm={async (payPassword) => {
            try {
              await payOrders(orders.ids, payPassword, payKey.current);
            } catch (error) {
              // The sheet shows the reason; the toast says it failed, as the spec's "Pay Fail".
              toast.fail(`${t('checkout.payFail')}: ${messageOf(error)}`);
              throw error;
            }
            toast.success(t('checkout.paid'));
            navigate(PLACED_ORDERS, { replace: true });
          }}
          onClose={() => navigate(PLACED_ORDERS, { replace: true })}
          returnTo={PLACED_ORDERS}
        />
      ) : null}
    </Screen>
  );
}
