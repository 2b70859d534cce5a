import { type CartLine, Dec } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../i18n/index.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { changeLine, removeLines, useCart } from './cartStore.ts';
import { usePrice } from './format.ts';
import { Stepper } from './Stepper.tsx';
import './store.css';

/**
 * Why a line cannot be bought as it stands, or null: its product is off sale, or fewer are in
 * stock than it asks for. Checkout would refuse it, so it counts for nothing in the total.
 */
function whyNotBuyable(line: CartLine): 'offSale' | 'stock' | null {
  // A guest's line saved before the field existed is on sale as far as this device knows.
  if (line.onSale === false) return 'offSale';
  if (line.stock === 0 || line.stock < line.quantity) return 'stock';
  return null;
}

function Line({ line }: { line: CartLine }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const priceMoved = line.price !== line.priceWhenAdded;
  const why = whyNotBuyable(line);
  const offSale = why === 'offSale';
  return (
    <li
      className={`cart-line${why ? ' cart-line--unbuyable' : ''}`}
      data-testid="cart-line"
      data-spec={line.specId}
    >
      <input
        type="checkbox"
        checked={line.selected}
        aria-label={t('cart.select', { name: line.name })}
        onChange={(e) => void changeLine(line.specId, { selected: e.target.checked })}
      />
      <img src={line.imageUrl} alt="" width={72} height={72} />
      <div className="cart-line__body">
        <Link to={`/detail/${line.productId}`} className="cart-line__name">
          {line.name}
        </Link>
        <span className="cart-line__spec">{line.specLabel}</span>
        {priceMoved ? (
          <span className="cart-line__notice" data-testid="price-changed">
            {t('cart.priceChanged', { before: price(line.priceWhenAdded) })}
          </span>
        ) : null}
        {offSale ? (
          <span className="cart-line__notice" data-testid="off-sale">
            {t('cart.offSale')}
          </span>
        ) : why === 'stock' ? (
          <span className="cart-line__notice" data-testid="stock-low">
            {t('cart.stockLow', { n: line.stock })}
          </span>
        ) : null}
        <div className="cart-line__foot">
          <strong>{price(line.price)}</strong>
          {offSale ? null : (
            <Stepper
              value={line.quantity}
              max={Math.max(1, line.stock)}
              onChange={(quantity) => void changeLine(line.specId, { quantity })}
            />
          )}
        </div>
      </div>
    </li>
  );
}

/** `/cart`: the cart by shop, with selection, steppers clamped to stock, and the total of what is selected. */
export function CartScreen() {
  const { t } = useTranslation('store');
  const price = usePrice();
  const navigate = useNavigate();
  const { lines } = useCart();
  const selected = lines.filter((l) => l.selected);
  const buyable = selected.filter((l) => whyNotBuyable(l) === null);
  const total = buyable.reduce((s, l) => s.plus(new Dec(l.price).times(l.quantity)), new Dec(0));
  const shops = [...new Map(lines.map((l) => [l.shopId, l.shopName])).entries()];
  const checkout = () => {
    if (selected.length === 0) {
      toast.info(errorText('store.selectToCheckout'));
      return;
    }
    // Only unbuyable lines selected: say why, as the server would, sparing the checkout page's round trip.
    const [first] = selected;
    if (buyable.length === 0 && first) {
      toast.fail(
        whyNotBuyable(first) === 'offSale'
          ? errorText('store.notOnSale', { name: first.name })
          : errorText('store.soldOut', { name: first.name, left: first.stock }),
      );
      return;
    }
    navigate('/checkout', {
      state: { items: buyable.map((l) => ({ specId: l.specId, quantity: l.quantity })) },
    });
  };
  const remove = () => {
    if (selected.length === 0) {
      toast.info(errorText('store.selectToDelete'));
      return;
    }
    void removeLines(selected.map((l) => l.specId));
  };
  const allSelected = lines.length > 0 && selected.length === lines.length;
  return (
    <Screen nav={{ title: t('routes.cart', { ns: 'translation' }) }}>
      {lines.length === 0 ? (
        <p className="store-empty" data-testid="cart-empty">
          {t('cart.empty')} <Link to="/shop">{t('cart.goShopping')}</Link>
        </p>
      ) : (
        shops.map(([shopId, shopName]) => (
          <section key={shopId} className="card cart-shop">
            <h2 className="card__title">{shopName}</h2>
            <ul>
              {lines
                .filter((l) => l.shopId === shopId)
                .map((line) => (
                  <Line key={line.specId} line={line} />
                ))}
            </ul>
          </section>
        ))
      )}
      <div className="store-action-bar" data-testid="cart-bar">
        <label className="store-action-bar__all">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(e) => {
              for (const l of lines) void changeLine(l.specId, { selected: e.target.checked });
            }}
          />
          {t('cart.all')}
        </label>
        <Button variant="ghost" onClick={remove} testId="cart-delete">
          {t('cart.delete')}
        </Button>
        <span className="store-action-bar__total">
          {t('cart.total', { amount: price(total.toFixed(2)) })}
        </span>
        <Button onClick={checkout} testId="cart-checkout">
          {t('cart.checkout', { n: buyable.length })}
        </Button>
      </div>
    </Screen>
  );
}
