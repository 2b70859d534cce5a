import type { StoreProductDetail } from '@bourse/shared';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useLoad } from '../../lib/useLoad.ts';
import { Screen } from '../../shared-ui/Screen.tsx';
import { LoadState } from '../market/LoadState.tsx';
import { compactFigure, usePrice } from './format.ts';
import { ProductGrid } from './ProductCard.tsx';
import { ShopCard } from './ShopCard.tsx';
import { fetchProduct } from './storeApi.ts';
import { useLoadFollows } from './useLoadFollows.ts';
import '../market/market.css';
import './store.css';

function Gallery({ images }: { images: readonly string[] }) {
  const { t } = useTranslation('store');
  const [shown, setShown] = useState(0);
  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const el = event.currentTarget;
    setShown(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
  };
  return (
    <div className="gallery">
      <ul
        className="gallery__track"
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling strip must take focus for the keyboard to scroll it (WCAG 2.1.1)
        tabIndex={0}
        aria-label={t('detail.pictures')}
        data-testid="gallery"
      >
        {images.map((src, i) => (
          <li key={src}>
            <img
              src={src}
              alt={t('detail.picture', { n: i + 1, total: images.length })}
              width={400}
              height={400}
            />
          </li>
        ))}
      </ul>
      <span className="gallery__count" aria-hidden="true">
        {`${shown + 1}/${images.length}`}
      </span>
    </div>
  );
}

/** The specs as buttons, each with its own price and stock; a sold-out spec cannot be chosen. */
function SpecPicker({
  product,
  chosen,
  onChoose,
}: {
  product: StoreProductDetail;
  chosen: number | undefined;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const kind = product.specs[0]?.kind ?? 'size';
  return (
    <section className="card spec-picker" aria-labelledby="spec-title">
      <h2 className="card__title" id="spec-title">
        {t(`detail.kind.${kind}`)}
      </h2>
      <div className="spec-picker__options">
        {product.specs.map((spec) => (
          <button
            key={spec.id}
            type="button"
            aria-pressed={chosen === spec.id}
            disabled={spec.stock === 0}
            className={`spec${chosen === spec.id ? ' spec--chosen' : ''}`}
            onClick={() => onChoose(spec.id)}
            data-testid="spec"
            data-id={spec.id}
          >
            <span className="spec__label">{spec.label}</span>
            <span className="spec__price">{price(spec.price)}</span>
            <span className="spec__stock">
              {spec.stock === 0 ? t('detail.soldOut') : t('detail.stock', { n: spec.stock })}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}

function ProductDetail({ product }: { product: StoreProductDetail }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [chosen, setChosen] = useState(product.specs.find((s) => s.stock > 0)?.id);
  const spec = product.specs.find((s) => s.id === chosen);
  return (
    <>
      <Gallery images={product.images} />
      <section className="card product-head" data-testid="product-head">
        <strong className="product-head__price" data-testid="product-price">
          {price(spec?.price ?? product.price)}
        </strong>
        <h1 className="product-head__name">{product.name}</h1>
        <p className="product-head__meta">
          <span>{t('sold', { n: compactFigure(product.sales) })}</span>
          <span>{t('rating', { rating: product.rating })}</span>
        </p>
      </section>
      <SpecPicker product={product} chosen={chosen} onChoose={setChosen} />
      <section className="card product-description">
        <h2 className="card__title">{t('detail.description')}</h2>
        <p>{product.description}</p>
      </section>
      <ShopCard shop={product.shop} />
      <section aria-labelledby="from-shop">
        <div className="store-section-head">
          <h2 id="from-shop">{t('detail.fromShop')}</h2>
        </div>
        <ProductGrid products={product.fromShop} testId="from-shop" />
      </section>
      <section aria-labelledby="similar">
        <div className="store-section-head">
          <h2 id="similar">{t('detail.similar')}</h2>
        </div>
        <ProductGrid products={product.similar} testId="similar" />
      </section>
    </>
  );
}

/** `/detail/:id`: a product, open without login. */
export function ProductDetailScreen() {
  const { t } = useTranslation('store');
  const id = Number(useParams().id);
  const [product, retry] = useLoad((signal) => fetchProduct(id, signal), [id]);
  useLoadFollows();
  return (
    <Screen nav={{ title: t('routes.productDetail', { ns: 'translation' }) }}>
      {product.status === 'success' ? (
        // A new product starts with its own first spec chosen.
        <ProductDetail key={product.data.id} product={product.data} />
      ) : (
        <LoadState state={product} onRetry={retry} empty="" />
      )}
    </Screen>
  );
}
