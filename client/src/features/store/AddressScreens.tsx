import {
  ADDRESS_TAGS,
  type AddressInput,
  addressInputSchema,
  SHIPPING_AREAS,
  SHIPPING_COUNTRIES,
  type ShippingCountry,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../lib/forms.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { AddressCard } from './AddressCard.tsx';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { addAddress, deleteAddress, editAddress, fetchAddresses, makeDefaultAddress } from './shoppingApi.ts';
import './store.css';

/** `/addresses`: the shopper's addresses, the default first; edit, delete (with confirmation), make default. */
export function AddressListScreen() {
  const { t } = useTranslation('store');
  const [list, retry] = useLoad((signal) => fetchAddresses(signal), []);
  const run = (action: Promise<unknown>) => void action.then(retry, () => undefined);
  const [deleting, setDeleting] = useState<string | null>(null);
  const items = dataOf(list)?.items;
  return (
    <Screen nav={{ title: t('routes.addresses', { ns: 'translation' }) }}>
      {items ? (
        <ul className="address-list">
          {items.map((a) => (
            <li key={a.id} className="card address-list__item">
              <AddressCard address={a} />
              <div className="address-list__actions">
                {a.isDefault ? null : (
                  <Button variant="ghost" onClick={() => run(makeDefaultAddress(a.id))}>
                    {t('address.makeDefault')}
                  </Button>
                )}
                <Link className="button button--ghost" to={`/address/edit?id=${a.id}`}>
                  {t('address.edit')}
                </Link>
                <Button variant="danger" onClick={() => setDeleting(a.id)}>
                  {t('address.delete')}
                </Button>
              </div>
            </li>
          ))}
          {items.length === 0 ? <li className="store-empty">{t('address.none')}</li> : null}
        </ul>
      ) : (
        <LoadState state={list} onRetry={retry} empty="" />
      )}
      {deleting ? (
        <ConfirmSheet
          title={t('address.delete')}
          message={t('address.confirmDelete')}
          onConfirm={() => run(deleteAddress(deleting))}
          onClose={() => setDeleting(null)}
        />
      ) : null}
      <div className="store-action-bar">
        <Link className="button button--primary button--block" to="/address/edit" data-testid="address-add">
          {t('address.add')}
        </Link>
      </div>
    </Screen>
  );
}

const EMPTY = { addressee: '', mobile: '', country: '', region: '', detail: '', tag: '', isDefault: false };

/** `/address/edit` (`?id=` to edit): every field required, with the spec's messages; the area is country → region. */
export function AddressEditScreen() {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id');
  const [list] = useLoad((signal) => fetchAddresses(signal), [], { enabled: id !== null });
  const existing = dataOf(list)?.items.find((a) => a.id === id);
  const [draft, setDraft] = useState<typeof EMPTY | null>(null);
  const form = draft ?? (existing ? { ...existing } : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string>();
  const set = (field: keyof typeof EMPTY, value: string | boolean) => setDraft({ ...form, [field]: value });
  const regions = SHIPPING_AREAS[form.country as ShippingCountry] ?? [];

  const save = async () => {
    const parsed = addressInputSchema.safeParse(form);
    if (!parsed.success) {
      // The area's country and region (and their pairing, a form-level refinement) show as one.
      const { country, form: pairing, ...rest } = fieldErrors<keyof typeof EMPTY | 'form'>(parsed);
      setErrors({ ...rest, region: rest.region ?? country ?? pairing ?? '' });
      return;
    }
    setErrors({});
    try {
      const body: AddressInput = parsed.data;
      await (id ? editAddress(id, body) : addAddress(body));
      navigate(-1);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  return (
    <Screen nav={{ title: t(id ? 'address.editTitle' : 'address.addTitle') }}>
      <form
        className="card address-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          label={t('address.addressee')}
          value={form.addressee}
          onChange={(v) => set('addressee', v)}
          error={errors.addressee}
        />
        <Field
          label={t('address.mobile')}
          value={form.mobile}
          onChange={(v) => set('mobile', v)}
          error={errors.mobile}
          type="tel"
        />
        <div className={`field${errors.region ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="country">
            {t('address.area')}
          </label>
          <div className="address-form__area">
            <select
              id="country"
              value={form.country}
              onChange={(e) => setDraft({ ...form, country: e.target.value, region: '' })}
              data-testid="address-country"
            >
              <option value="">{t('address.country')}</option>
              {SHIPPING_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {t(`address.countries.${c}`)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('address.region')}
              value={form.region}
              onChange={(e) => set('region', e.target.value)}
              data-testid="address-region"
            >
              <option value="">{t('address.region')}</option>
              {regions.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          {errors.region ? <p className="field__error">{errors.region}</p> : null}
        </div>
        <Field
          label={t('address.detail')}
          value={form.detail}
          onChange={(v) => set('detail', v)}
          error={errors.detail}
        />
        <fieldset className={`address-form__tags${errors.tag ? ' field--invalid' : ''}`}>
          <legend className="field__label">{t('address.tag')}</legend>
          {ADDRESS_TAGS.map((tag) => (
            <button
              key={tag}
              type="button"
              aria-pressed={form.tag === tag}
              className={`spec${form.tag === tag ? ' spec--chosen' : ''}`}
              onClick={() => set('tag', tag)}
            >
              {t(`address.tags.${tag}`)}
            </button>
          ))}
          {errors.tag ? <p className="field__error">{errors.tag}</p> : null}
        </fieldset>
        <label className="address-form__default">
          <input
            type="checkbox"
            checked={form.isDefault}
            onChange={(e) => set('isDefault', e.target.checked)}
          />
          {t('address.setDefault')}
        </label>
        {failure ? (
          <p className="field__error" role="alert">
            {failure}
          </p>
        ) : null}
        <Button type="submit" block testId="address-save">
          {t('address.save')}
        </Button>
      </form>
    </Screen>
  );
}
