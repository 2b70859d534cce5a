import {
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  type SellerProduct,
  SPEC_KINDS,
  type SpecKind,
} from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { currentLocale } from '../../../i18n/index.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Field } from '../../../shared-ui/Field.tsx';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../../shared-ui/useFormSubmit.tsx';
import { ProductPictures } from './ProductPictures.tsx';
import {
  createProduct,
  editProduct,
  fetchSellerProduct,
  type ProductBody,
  type ProductPicture,
  setProductPictures,
} from './sellerApi.ts';
import { useCategoryNames } from './useCategoryNames.ts';
import './seller.css';

interface SpecRow {
  id?: number;
  kind: SpecKind;
  label: string;
  price: string;
  stock: string;
  /** An existing spec's stock when the editor loaded it: the server applies the change from it, keeping sales made meanwhile. */
  stockWas?: number;
}
interface EditorForm {
  category: string;
  name: Partial<Record<Locale, string>>;
  description: Partial<Record<Locale, string>>;
  specs: SpecRow[];
  pictures: ProductPicture[];
}

const NEW_SPEC: SpecRow = { kind: 'colour', label: '', price: '', stock: '0' };

function formOf(product: SellerProduct | null): EditorForm {
  if (!product) return { category: '', name: {}, description: {}, specs: [NEW_SPEC], pictures: [] };
  return {
    pictures: product.pictures.map((p) => ({ kind: 'kept', ...p })),
    category: product.category,
    name: { ...product.name },
    description: { ...product.description },
    specs: product.specs.map((s) => ({ ...s, stock: String(s.stock), stockWas: s.stock })),
  };
}

/** The form as the contract takes it; the server checks it (messages in the reader's language). */
function bodyOf(form: EditorForm): ProductBody {
  return {
    category: form.category as ProductBody['category'],
    name: form.name,
    description: form.description,
    specs: form.specs.map((s) => ({
      ...(s.id === undefined ? {} : { id: s.id, stockWas: s.stockWas }),
      kind: s.kind,
      label: s.label,
      price: s.price,
      stock: Number(s.stock),
    })),
  };
}

function Editor({ product }: { product: SellerProduct | null }) {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const categories = useCategoryNames();
  const [form, setForm] = useState<EditorForm>(() => formOf(product));
  const [language, setLanguage] = useState<Locale>(currentLocale());
  const { busy, failure, run } = useFormSubmit();
  const setSpec = (i: number, patch: Partial<SpecRow>) =>
    setForm((f) => ({ ...f, specs: f.specs.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const body = bodyOf(form);
      const saved = product ? await editProduct(product.id, body) : await createProduct(body);
      // Pictures go after the texts, which a new product needs first; untouched ones send nothing.
      const unchanged =
        form.pictures.length === saved.pictures.length &&
        form.pictures.every((p, i) => p.kind === 'kept' && p.id === saved.pictures[i]?.id);
      if (!unchanged) await setProductPictures(saved.id, form.pictures);
      toast.success(t('seller.saved'), 2000);
      navigate('/seller');
    });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('seller.editor')}>
      <ProductPictures
        pictures={form.pictures}
        onChange={(pictures) => setForm((f) => ({ ...f, pictures }))}
      />
      <div className="field">
        <label className="field__label" htmlFor="product-category">
          {t('merchant.category')}
        </label>
        <select
          id="product-category"
          className="field__input seller-select"
          value={form.category}
          onChange={(e) => setForm((f) => ({ ...f, category: e.target.value }))}
          data-testid="product-category"
        >
          <option value="">{t('merchant.chooseCategory')}</option>
          {categories.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="product-language">
          {t('seller.language')}
        </label>
        <select
          id="product-language"
          className="field__input seller-select"
          value={language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
          data-testid="product-language"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_NAMES[l]}
              {form.name[l] ? ' ✓' : ''}
            </option>
          ))}
        </select>
      </div>
      <p className="form__hint">{t('seller.languageHint')}</p>
      <Field
        label={t('seller.name')}
        name="name"
        maxLength={80}
        value={form.name[language] ?? ''}
        onChange={(text) => setForm((f) => ({ ...f, name: { ...f.name, [language]: text } }))}
        data-testid="product-name"
      />
      <div className="field">
        <label className="field__label" htmlFor="product-description">
          {t('seller.description')}
        </label>
        <textarea
          id="product-description"
          className="field__input seller-textarea"
          maxLength={2000}
          rows={4}
          value={form.description[language] ?? ''}
          onChange={(e) =>
            setForm((f) => ({ ...f, description: { ...f.description, [language]: e.target.value } }))
          }
          data-testid="product-description"
        />
      </div>
      <fieldset className="seller-specs">
        <legend className="field__label">{t('seller.specs')}</legend>
        {form.specs.map((spec, i) => (
          <div className="seller-spec" key={spec.id ?? `new-${i}`} data-testid="product-spec">
            <select
              className="field__input"
              aria-label={t('seller.specKind')}
              value={spec.kind}
              onChange={(e) => setSpec(i, { kind: e.target.value as SpecKind })}
            >
              {SPEC_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`seller.kinds.${k}`)}
                </option>
              ))}
            </select>
            <input
              className="field__input"
              aria-label={t('seller.specLabel')}
              placeholder={t('seller.specLabel')}
              maxLength={40}
              value={spec.label}
              onChange={(e) => setSpec(i, { label: e.target.value })}
              data-testid="product-spec-label"
            />
            <input
              className="field__input"
              aria-label={t('seller.specPrice')}
              placeholder={t('seller.specPrice')}
              inputMode="decimal"
              value={spec.price}
              onChange={(e) => setSpec(i, { price: e.target.value })}
              data-testid="product-spec-price"
            />
            <input
              className="field__input"
              aria-label={t('seller.specStock')}
              placeholder={t('seller.specStock')}
              inputMode="numeric"
              value={spec.stock}
              onChange={(e) => setSpec(i, { stock: e.target.value })}
              data-testid="product-spec-stock"
            />
          </div>
        ))}
        <p className="form__hint">{t('seller.specsHint')}</p>
        <Button
          variant="ghost"
          disabled={form.specs.length >= 10}
          onClick={() => setForm((f) => ({ ...f, specs: [...f.specs, NEW_SPEC] }))}
          testId="product-add-spec"
        >
          {t('seller.addSpec')}
        </Button>
      </fieldset>
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="product-save">
        {t('seller.save')}
      </Button>
    </form>
  );
}

/** `/seller/product` (new) and `/seller/product?id=` (edit): one product of the seller's own shop. */
export function ProductEditorScreen() {
  const { t } = useTranslation('store');
  const id = Number(useSearchParams()[0].get('id') ?? '');
  const editing = Number.isInteger(id) && id > 0;
  const [product, reload] = useLoad(
    (signal) => (editing ? fetchSellerProduct(id, signal) : Promise.resolve(null)),
    [id],
  );
  return (
    <Screen nav={{ title: t('routes.productEditor', { ns: 'translation' }) }}>
      <LoadingOr state={product} onRetry={reload}>
        {(data) => <Editor product={data} />}
      </LoadingOr>
    </Screen>
  );
}
