import { COMPLAINT_KINDS, type ComplaintView } from '@bourse/shared';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../lib/date/formatDate.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Field } from '../../../shared-ui/Field.tsx';
import { LoadState } from '../../../shared-ui/LoadState.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { TextAreaField } from '../../../shared-ui/TextAreaField.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../../shared-ui/useFormSubmit.tsx';
import { type ComplaintField, type ComplaintForm, validateComplaint } from './complaintForm.ts';
import { fetchMyComplaints, submitComplaint } from './complaintsApi.ts';
import '../store.css';
import './complaints.css';

/** Each complaint with back office's reply under it once there is one. */
function MyComplaints({ items }: { items: ComplaintView[] }) {
  const { t } = useTranslation('store');
  return (
    <ul className="complaint-list" data-testid="my-complaints">
      {items.map((c) => (
        <li key={c.id} className="complaint-item" data-testid="my-complaint">
          <p className="complaint-item__head">
            <strong>
              {c.kind === 'order'
                ? t('complaint.aboutOrder', { order: c.orderId })
                : t('complaint.kind.platform')}
            </strong>
            <span className={`complaint-item__status complaint-item__status--${c.status}`}>
              {t(`complaint.status.${c.status}`)}
            </span>
          </p>
          <p className="complaint-item__content">{c.content}</p>
          <time className="complaint-item__time" dateTime={c.createdAt}>
            {formatDate(c.createdAt, 'YYYY-MM-DD HH:mm')}
          </time>
          {c.reply && c.repliedAt ? (
            <div className="complaint-item__reply" data-testid="my-complaint-reply">
              <p className="complaint-item__reply-head">
                {t('complaint.reply', { time: formatDate(c.repliedAt, 'YYYY-MM-DD HH:mm') })}
              </p>
              <p className="complaint-item__reply-text">{c.reply}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** `/store/complaint`: a complaint or suggestion about an order (`?orderId=`) or the platform, with a certificate image. */
export function ComplaintScreen() {
  const { t } = useTranslation('store');
  const [params] = useSearchParams();
  const fileId = useId();
  const [form, setForm] = useState<ComplaintForm>({
    kind: params.get('orderId') ? 'order' : 'platform',
    orderId: params.get('orderId') ?? '',
    content: '',
    certificate: null,
  });
  const [errors, setErrors] = useState<FieldErrors<ComplaintField>>({});
  const { busy, failure, run } = useFormSubmit();
  const [mine, reload] = useLoad((signal) => fetchMyComplaints(signal), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setForm((f) => ({ ...f, certificate: file }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateComplaint(form);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(
      async () => {
        await submitComplaint(validation.body, validation.certificate);
        toast.success(t('complaint.sent'), 2500);
        setForm((f) => ({ ...f, content: '', certificate: null }));
        reload();
      },
      { staying: true },
    );
  };

  return (
    <Screen nav={{ title: t('routes.complaint', { ns: 'translation' }) }}>
      <form
        className="card form"
        onSubmit={submit}
        noValidate
        aria-label={t('routes.complaint', { ns: 'translation' })}
      >
        <fieldset className="complaint-kinds">
          <legend className="visually-hidden">{t('complaint.kindLabel')}</legend>
          {COMPLAINT_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className={`spec${form.kind === kind ? ' spec--chosen' : ''}`}
              aria-pressed={form.kind === kind}
              onClick={() => setForm((f) => ({ ...f, kind }))}
              data-testid={`complaint-kind-${kind}`}
            >
              {t(`complaint.kind.${kind}`)}
            </button>
          ))}
        </fieldset>
        {form.kind === 'order' ? (
          <Field
            label={t('complaint.orderId')}
            name="orderId"
            value={form.orderId}
            onChange={(orderId) => setForm((f) => ({ ...f, orderId }))}
            error={errors.orderId}
            data-testid="complaint-order"
          />
        ) : null}
        <TextAreaField
          label={t('complaint.content')}
          className="complaint-content"
          rows={5}
          maxLength={1000}
          value={form.content}
          onChange={(content) => setForm((f) => ({ ...f, content }))}
          error={errors.content}
          data-testid="complaint-content"
        />
        <div className="complaint-certificate">
          <span className="field__label">{t('complaint.certificate')}</span>
          {form.certificate ? (
            <p className="complaint-certificate__name" data-testid="complaint-certificate-name">
              {form.certificate.name}
            </p>
          ) : null}
          <label className="button button--ghost complaint-certificate__choose" htmlFor={fileId}>
            {t('complaint.chooseCertificate')}
          </label>
          <input
            id={fileId}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={choose}
            data-testid="complaint-certificate"
          />
          {errors.certificate ? (
            <p className="field__error" role="alert">
              {errors.certificate}
            </p>
          ) : (
            <p className="form__hint">{t('complaint.certificateHint')}</p>
          )}
        </div>
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="complaint-submit">
          {t('complaint.submit')}
        </Button>
      </form>
      <section aria-labelledby="my-complaints-title">
        <div className="store-section-head">
          <h2 id="my-complaints-title">{t('complaint.mine')}</h2>
        </div>
        {mine.status === 'success' && mine.data.items.length > 0 ? (
          <MyComplaints items={mine.data.items} />
        ) : (
          <LoadState state={mine} onRetry={reload} empty={t('complaint.none')} />
        )}
      </section>
    </Screen>
  );
}
