import { useTranslation } from 'react-i18next';
import { usePrice } from './format.ts';

type Figures = { subtotal: string; freight: string; discount: string; total: string };

/**
 * Subtotal, freight, discount and total: of a checkout before it is placed (with the balance it
 * will be paid from) and of an order after (with the promo code that gave the discount).
 */
export function OrderFigures({
  figures,
  discountLabel,
  balance,
  testId,
}: {
  figures: Figures;
  discountLabel?: string;
  balance?: string;
  testId?: string;
}) {
  const { t } = useTranslation('store');
  const price = usePrice();
  return (
    <section className="card checkout-totals" data-testid={testId}>
      <p>
        <span>{t('checkout.subtotal')}</span>
        <span>{price(figures.subtotal)}</span>
      </p>
      <p>
        <span>{t('checkout.freight')}</span>
        <span>{price(figures.freight)}</span>
      </p>
      <p>
        <span>{discountLabel ?? t('checkout.discount')}</span>
        <span>{`−${price(figures.discount)}`}</span>
      </p>
      <p className="checkout-totals__total">
        <span>{t('checkout.total')}</span>
        <strong>{price(figures.total)}</strong>
      </p>
      {balance === undefined ? null : (
        <p className="checkout-totals__balance">
          <span>{t('checkout.balance')}</span>
          <span>{price(balance)}</span>
        </p>
      )}
    </section>
  );
}
