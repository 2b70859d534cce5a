import { MAX_PRODUCT_PICTURES } from '@bourse/shared';
import { type ChangeEvent, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared-ui/Icon.tsx';
import type { ProductPicture } from './sellerApi.ts';

/** Object URLs for the new files' thumbnails, released when the files change or the form closes. */
function useThumbnails(pictures: readonly ProductPicture[]) {
  const files = useMemo(() => pictures.flatMap((p) => (p.kind === 'new' ? [p.file] : [])), [pictures]);
  const urls = useMemo(() => new Map(files.map((f) => [f, URL.createObjectURL(f)])), [files]);
  useEffect(
    () => () => {
      for (const u of urls.values()) URL.revokeObjectURL(u);
    },
    [urls],
  );
  return (p: ProductPicture) => (p.kind === 'kept' ? p.url : (urls.get(p.file) ?? ''));
}

const move = <T,>(list: readonly T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * The product form's pictures: the uploaded ones and those chosen since, each movable earlier or
 * later and removable, the first marked as the main picture; up to six. The server types,
 * sizes and strips them when the form is saved. Test ids: `product-pictures` (the list) and
 * `product-pictures-input`.
 */
export function ProductPictures({
  pictures,
  onChange,
}: {
  pictures: readonly ProductPicture[];
  onChange: (pictures: ProductPicture[]) => void;
}) {
  const { t } = useTranslation('store');
  const inputId = useId();
  const thumbnail = useThumbnails(pictures);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])].map((file): ProductPicture => ({ kind: 'new', file }));
    event.target.value = '';
    onChange([...pictures, ...chosen].slice(0, MAX_PRODUCT_PICTURES));
  };
  return (
    <div className="seller-pictures">
      <span className="field__label">
        {t('seller.pictures', { n: pictures.length, max: MAX_PRODUCT_PICTURES })}
      </span>
      <ol className="seller-pictures__list" data-testid="product-pictures">
        {pictures.map((picture, i) => (
          <li key={picture.kind === 'kept' ? picture.id : thumbnail(picture)} className="seller-picture">
            <img
              className="seller-picture__image"
              src={thumbnail(picture)}
              alt={t('detail.picture', { n: i + 1, total: pictures.length })}
              width={88}
              height={88}
            />
            {i === 0 ? <span className="seller-picture__main">{t('seller.mainPicture')}</span> : null}
            <div className="seller-picture__actions">
              <button
                type="button"
                disabled={i === 0}
                onClick={() => onChange(move(pictures, i, i - 1))}
                aria-label={t('seller.pictureEarlier', { n: i + 1 })}
              >
                <Icon name="back" size={14} />
              </button>
              <button
                type="button"
                onClick={() => onChange(pictures.filter((_, j) => j !== i))}
                aria-label={t('seller.removePicture', { n: i + 1 })}
              >
                <Icon name="close" size={14} />
              </button>
              <button
                type="button"
                disabled={i === pictures.length - 1}
                onClick={() => onChange(move(pictures, i, i + 1))}
                aria-label={t('seller.pictureLater', { n: i + 1 })}
              >
                <Icon name="chevron" size={14} />
              </button>
            </div>
          </li>
        ))}
      </ol>
      {pictures.length < MAX_PRODUCT_PICTURES ? (
        <label className="button button--ghost seller-pictures__add" htmlFor={inputId}>
          {t('seller.addPictures')}
        </label>
      ) : null}
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp"
        onChange={choose}
        data-testid="product-pictures-input"
      />
      <p className="form__hint">{t('seller.picturesHint')}</p>
    </div>
  );
}
