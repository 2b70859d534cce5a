import type { StoreProductCard } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { compactFigure, usePrice } from './format.ts';

/** A product tile: picture, name, price and sales; opens the product. */
export function ProductCard({ product }: { product: StoreProductCard }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  return (
    <li className="product-card" data-testid="product-card" data-id={product.id}>
      <Link to={`/detail/${product.id}`} className="product-card__link">
        <img
          className="product-card__image"
          src={product.imageUrl}
          alt=""
          loading="lazy"
          width={200}
          height={200}
        />
        <span className="product-card__name">{product.name}</span>
        <span className="product-card__foot">
          <strong className="product-card__price">{price(product.price)}</strong>
          <span className="product-card__sold">{t('sold', { n: compactFigure(product.sales) })}</span>
        </span>
      </Link>
    </li>
  );
}

export function ProductGrid({
  products,
  testId,
}: {
  products: readonly StoreProductCard[];
  testId?: string;
}) {
  return (
    <ul className="product-grid" data-testid={testId}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </ul>
  );
}
