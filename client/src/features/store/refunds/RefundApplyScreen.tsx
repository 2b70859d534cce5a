import { REFUND_PRODUCT_STATUSES, REFUND_REASONS, REFUND_TYPES, type RefundTerms } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorText } from '../../../i18n/index.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Field } from '../../../shared-ui/Field.tsx';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { Segmented } from '../../../shared-ui/Segmented.tsx';
import { TextAreaField } from '../../../shared-ui/TextAreaField.tsx';
import { FormError, useFormSubmit } from '../../../shared-ui/useFormSubmit.tsx';
import { useIdempotencyKey } from '../../banking/index.ts';
import { usePrice } from '../format.ts';
import { ImagePicker } from '../ImagePicker.tsx';
import { fetchRefundTerms, submitRefund } from './refundApi.ts';
import { type RefundField, type RefundForm, validateRefund } from './refundForm.ts';
import '../store.css';
import './refunds.css';

const EMPTY: RefundForm = {
  type: 'refundOnly',
  productStatus: 'notReceived',
  amount: '',
  reason: '',
  explanation: '',
  proof: null,
};

function ApplyForm({ terms }: { terms: RefundTerms }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const navigate = useNavigate();
  const [form, setForm] = useState<RefundForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RefundField>>({});
  const { busy, failure, run } = useFormSubmit();
  const keyFor = useIdempotencyKey();
  const set = (patch: Partial<RefundForm>) => setForm((f) => ({ ...f, ...patch }));

  if (terms.openRefundId) {
    // The spec's words for a second request, with the way to the one already open.
    return (
      <section className="card refund-open" data-testid="refund-already">
        <p role="alert">{errorText('refund.alreadyRequested')}</p>
        <Link to={`/store/refunds/${terms.openRefundId}`} data-testid="refund-open-link">
          {t('refunds.viewOpen')}
        </Link>
      </section>
    );
  }
  if (!terms.canRequest) {
    return (
      <p className="card store-empty" data-testid="refund-not-refundable">
        {errorText('refund.notRefundable')}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateRefund(terms.orderId, form, terms.refundable);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(async () => {
      const { proof } = validation;
      const key = keyFor({ ...validation.body, proof: [proof.name, proof.size, proof.lastModified] });
      const refund = await submitRefund(validation.body, proof, key);
      navigate(`/store/refunds/${refund.id}`, { replace: true });
    });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('refunds.apply')}>
      <p className="refund-order" data-testid="refund-order">
        {t('orders.number', { number: terms.orderNumber })}
      </p>
      <Segmented
        options={REFUND_TYPES.map((value) => ({
          value,
          label: t(`refund.type.${value}`, { ns: 'translation' }),
        }))}
        value={form.type}
        onChange={(type) => set({ type })}
        label={t('refunds.typeLabel')}
        testId="refund-type"
      />
      <Segmented
        options={REFUND_PRODUCT_STATUSES.map((value) => ({
          value,
          label: t(`refunds.productStatus.${value}`),
        }))}
        value={form.productStatus}
        onChange={(productStatus) => set({ productStatus })}
        label={t('refunds.productStatusLabel')}
        testId="refund-product-status"
      />
      <Field
        label={t('refunds.amount')}
        name="amount"
        inputMode="decimal"
        value={form.amount}
        onChange={(amount) => set({ amount })}
        error={errors.amount}
        data-testid="refund-amount"
      />
      <p className="form__hint refund-max">
        <span>{t('refunds.maxAmount', { amount: price(terms.refundable) })}</span>
        <button
          type="button"
          className="link-button"
          onClick={() => set({ amount: terms.refundable })}
          data-testid="refund-amount-all"
        >
          {t('refunds.all')}
        </button>
      </p>
      <fieldset className="refund-reasons">
        <legend className="field__label">{t('refunds.reasonLabel')}</legend>
        <div className="refund-reasons__chips">
          {REFUND_REASONS.map((reason) => (
            <button
              key={reason}
              type="button"
              className={`spec${form.reason === reason ? ' spec--chosen' : ''}`}
              aria-pressed={form.reason === reason}
              onClick={() => set({ reason })}
              data-testid={`refund-reason-${reason}`}
            >
              {t(`refund.reason.${reason}`, { ns: 'translation' })}
            </button>
          ))}
        </div>
        {errors.reason ? (
          <p className="field__error" role="alert">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={t('refunds.explanation')}
        rows={4}
        maxLength={500}
        value={form.explanation}
        onChange={(explanation) => set({ explanation })}
        error={errors.explanation}
        data-testid="refund-explanation"
      />
      <ImagePicker
        file={form.proof}
        error={errors.proof}
        onChoose={(proof) => set({ proof })}
        labels={{ label: t('refunds.proof'), choose: t('refunds.chooseProof'), hint: t('refunds.proofHint') }}
        testId="refund-proof"
      />
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="refund-submit">
        {t('refunds.submit')}
      </Button>
    </form>
  );
}

/** `/store/refund/apply?orderId=`: the spec's refund application on one paid order. */
export function RefundApplyScreen() {
  const { t } = useTranslation('store');
  const orderId = useSearchParams()[0].get('orderId') ?? '';
  const [terms, retry] = useLoad((signal) => fetchRefundTerms(orderId, signal), [orderId]);
  return (
    <Screen nav={{ title: t('routes.applyRefund', { ns: 'translation' }) }}>
      <LoadingOr state={terms} onRetry={retry}>
        {(data) => <ApplyForm terms={data} />}
      </LoadingOr>
    </Screen>
  );
}
