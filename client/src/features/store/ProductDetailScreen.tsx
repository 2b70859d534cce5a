import type { StoreProductDetail, StoreSpec } from '@bourse/shared';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { addLine, useCart } from './cartStore.ts';
import { compactFigure, usePrice } from './format.ts';
import { ProductGrid } from './ProductCard.tsx';
import { ReviewsPreview } from './reviews/ReviewScreens.tsx';
import { ShopCard } from './ShopCard.tsx';
import { fetchProduct } from './storeApi.ts';
import { useLoadFollows } from './useLoadFollows.ts';
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
            disabled={spec.stock === 0 || !product.onSale}
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

/**
 * Add to cart (a guest's stays on this device) and Buy now (straight to checkout with this spec);
 * a product its seller took off sale says so instead.
 */
function BuyBar({ product, spec }: { product: StoreProductDetail; spec: StoreSpec | undefined }) {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  // useCart loads the signed-in shopper's cart: a page opened directly would otherwise count 0.
  const count = useCart().lines.length;
  const add = async () => {
    if (!spec) return;
    await addLine({
      specId: spec.id,
      productId: product.id,
      shopId: product.shop.id,
      shopName: product.shop.name,
      name: product.name,
      specLabel: spec.label,
      imageUrl: product.imageUrl,
      quantity: 1,
      selected: true,
      price: spec.price,
      priceWhenAdded: spec.price,
      stock: spec.stock,
      onSale: true,
    });
    toast.success(t('detail.added'));
  };
  return (
    <div className="store-action-bar" data-testid="buy-bar">
      <Link to="/cart" className="store-action-bar__cart" data-testid="go-cart">
        {t('detail.cart', { n: count })}
      </Link>
      {product.onSale ? (
        <>
          <Button
            variant="ghost"
            disabled={!spec}
            onClick={() => void add().catch(() => undefined)}
            testId="add-to-cart"
          >
            {t('detail.addToCart')}
          </Button>
          <Button
            disabled={!spec}
            onClick={() =>
              spec && navigate('/checkout', { state: { items: [{ specId: spec.id, quantity: 1 }] } })
            }
            testId="buy-now"
          >
            {t('detail.buyNow')}
          </Button>
        </>
      ) : (
        <p className="store-action-bar__off-sale" data-testid="off-sale-bar">
          {t('detail.offSale')}
        </p>
      )}
    </div>
  );
}

function ProductDetail({ product }: { product: StoreProductDetail }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [chosen, setChosen] = useState(
    product.onSale ? product.specs.find((s) => s.stock > 0)?.id : undefined,
  );
  const spec = product.specs.find((s) => s.id === chosen);
  return (
    <>
      <Gallery images={product.images} />
      <section className="card product-head" data-testid="product-head">
        <strong className="product-head__price" data-testid="product-price">
          {price(spec?.price ?? product.price)}
        </strong>
        <h1 className="product-head__name">{product.name}</h1>
        {product.onSale ? null : (
          <p className="product-head__off-sale" role="status" data-testid="off-sale">
            {t('detail.offSaleNote')}
          </p>
        )}
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
      <ReviewsPreview productId={product.id} />
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
      <BuyBar product={product} spec={spec} />
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
