import type { MerchantApplicationView } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/date/formatDate.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Field, FieldError } from '../../../shared-ui/Field.tsx';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../../shared-ui/useFormSubmit.tsx';
import { ImagePicker } from '../ImagePicker.tsx';
import { type MerchantField, type MerchantForm, validateMerchant } from './merchantForm.ts';
import { fetchMerchantStatus, submitApplication } from './sellerApi.ts';
import { useCategoryNames } from './useCategoryNames.ts';
import './seller.css';

const EMPTY: MerchantForm = { shopName: '', category: '', contact: '', licence: null };

function ApplicationState({ application }: { application: MerchantApplicationView }) {
  const { t } = useTranslation('store');
  const categories = useCategoryNames();
  return (
    <section className="card seller-state" data-testid="merchant-state" data-state={application.state}>
      <div className="fund-record__main">
        <strong>{application.shopName}</strong>
        <span className={`topup-state topup-state--${application.state}`}>
          {t(`merchant.states.${application.state}`)}
        </span>
      </div>
      <p className="form__hint">
        {[
          categories.find((c) => c.key === application.category)?.name ?? application.category,
          application.contact,
          formatDate(application.createdAt, 'YYYY-MM-DD HH:mm'),
        ].join(' · ')}
      </p>
      {application.state === 'auditing' ? <p>{t('merchant.waiting')}</p> : null}
      {application.reason ? (
        <p className="fund-record__note" data-testid="merchant-reason">
          {t(`merchant.reasons.${application.reason}`, { ns: 'translation' })}
        </p>
      ) : null}
      {application.note ? <p className="fund-record__note">{application.note}</p> : null}
    </section>
  );
}

function ApplyForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('store');
  const [form, setForm] = useState<MerchantForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<MerchantField>>({});
  const { busy, failure, run } = useFormSubmit();
  const categories = useCategoryNames();
  const set = (patch: Partial<MerchantForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    // A field's error goes once it is changed; the next submit checks it again.
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateMerchant(form);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(
      async () => {
        await submitApplication(validation.body, validation.licence);
        toast.success(t('merchant.sent'), 3000);
        onSent();
      },
      { staying: true },
    );
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('merchant.apply')}>
      <p className="form__hint">{t('merchant.intro')}</p>
      <Field
        label={t('merchant.shopName')}
        name="shopName"
        maxLength={40}
        value={form.shopName}
        onChange={(shopName) => set({ shopName })}
        error={errors.shopName}
        data-testid="merchant-shop-name"
      />
      <div className={`field${errors.category ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="merchant-category">
          {t('merchant.category')}
        </label>
        <div className="field__control">
          <select
            id="merchant-category"
            className="field__input"
            value={form.category}
            onChange={(e) => set({ category: e.target.value })}
            aria-invalid={errors.category ? true : undefined}
            data-testid="merchant-category"
          >
            <option value="">{t('merchant.chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <FieldError id="merchant-category-error" error={errors.category} />
      </div>
      <Field
        label={t('merchant.contact')}
        name="contact"
        autoComplete="email"
        value={form.contact}
        onChange={(contact) => set({ contact })}
        error={errors.contact}
        data-testid="merchant-contact"
      />
      <ImagePicker
        file={form.licence}
        error={errors.licence}
        onChoose={(licence) => set({ licence })}
        labels={{
          label: t('merchant.licence'),
          choose: t('merchant.chooseLicence'),
          hint: t('merchant.licenceHint'),
        }}
        testId="merchant-licence"
      />
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="merchant-submit">
        {t('merchant.submit')}
      </Button>
    </form>
  );
}

/**
 * `/store/merchant`: apply to open a shop, then the application's state (reload or the inbox
 * message tells when back office decides); once approved, the way into the seller console.
 */
export function MerchantScreen() {
  const { t } = useTranslation('store');
  const [status, reload] = useLoad((signal) => fetchMerchantStatus(signal), []);
  return (
    <Screen nav={{ title: t('routes.merchant', { ns: 'translation' }) }}>
      <LoadingOr state={status} onRetry={reload}>
        {({ application, shopId }) => (
          <>
            {application ? <ApplicationState application={application} /> : null}
            {shopId !== null ? (
              <Link
                className="button button--primary button--block"
                to="/seller"
                data-testid="merchant-open-console"
              >
                {t('merchant.openConsole')}
              </Link>
            ) : application?.state === 'auditing' ? null : (
              <ApplyForm onSent={reload} />
            )}
          </>
        )}
      </LoadingOr>
    </Screen>
  );
}
