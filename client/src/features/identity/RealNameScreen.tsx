import type { AuthenticationDetail } from '@bourse/shared';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { refusalReasonText } from '../messages/index.ts';
import { fetchAuthenticationDetail, submitRealName } from './identityApi.ts';
import { type RealNameField, type RealNameForm, validateRealName } from './realNameForm.ts';
import './identity.css';

function StatusCard({ detail }: { detail: AuthenticationDetail }) {
  const { t } = useTranslation();
  const text = {
    none: t('realName.intro'),
    pending: t('realName.pendingText'),
    passed: t('realName.passedText'),
    refused: t('realName.refusedText', { reason: refusalReasonText(t, detail.refusalReason) }),
  }[detail.status];
  return (
    <section className={`card verification verification--${detail.status}`} data-testid="real-name-status">
      <span className="verification__badge" data-testid="real-name-status-label">
        {t(`realName.status.${detail.status}`)}
      </span>
      <p className="verification__text">{text}</p>
      {detail.realName && detail.idNumberMasked ? (
        <dl className="verification__facts">
          <dt>{t('realName.name')}</dt>
          <dd>{detail.realName}</dd>
          <dt>{t('realName.idNumber')}</dt>
          <dd data-testid="real-name-id-masked">{detail.idNumberMasked}</dd>
        </dl>
      ) : null}
      {detail.submittedAt ? (
        <p className="verification__time">
          {t('realName.submittedAt', { time: formatDate(detail.submittedAt, 'YYYY-MM-DD HH:mm') })}
          {detail.reviewedAt
            ? ` · ${t('realName.reviewedAt', { time: formatDate(detail.reviewedAt, 'YYYY-MM-DD HH:mm') })}`
            : null}
        </p>
      ) : null}
    </section>
  );
}

function RealNameFormCard({
  again,
  onSubmitted,
}: {
  again: boolean;
  onSubmitted: (detail: AuthenticationDetail) => void;
}) {
  const { t } = useTranslation();
  const photoId = useId();
  const [form, setForm] = useState<RealNameForm>({ realName: '', idNumber: '', photo: null });
  const [errors, setErrors] = useState<FieldErrors<RealNameField>>({});
  const { busy, failure, run } = useFormSubmit();

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0] ?? null;
    setForm((f) => ({ ...f, photo }));
    // The same file may be chosen again after removing it.
    event.target.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateRealName(form);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(async () => {
      const detail = await submitRealName(validation.body, validation.photo);
      toast.success(t('realName.submitted'));
      onSubmitted(detail);
    });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.realName')}>
      <Field
        label={t('realName.name')}
        name="realName"
        placeholder={t('realName.namePlaceholder')}
        autoComplete="name"
        value={form.realName}
        onChange={(realName) => setForm((f) => ({ ...f, realName }))}
        error={errors.realName}
        data-testid="real-name-name"
      />
      <Field
        label={t('realName.idNumber')}
        name="idNumber"
        placeholder={t('realName.idNumberPlaceholder')}
        autoComplete="off"
        maxLength={18}
        value={form.idNumber}
        onChange={(idNumber) => setForm((f) => ({ ...f, idNumber }))}
        error={errors.idNumber}
        data-testid="real-name-id"
      />
      <div className={`field photo-field${errors.photo ? ' field--invalid' : ''}`}>
        <span className="field__label">{t('realName.photo')}</span>
        {form.photo ? (
          <div className="photo-field__chosen">
            <span className="photo-field__name" data-testid="real-name-photo-name">
              {form.photo.name}
            </span>
            <button
              type="button"
              className="link-button"
              onClick={() => setForm((f) => ({ ...f, photo: null }))}
            >
              {t('realName.removePhoto')}
            </button>
          </div>
        ) : (
          <label className="button button--ghost photo-field__choose" htmlFor={photoId}>
            {t('realName.choosePhoto')}
          </label>
        )}
        <input
          id={photoId}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={choosePhoto}
          data-testid="real-name-photo"
        />
        {errors.photo ? (
          <p className="field__error" role="alert">
            {errors.photo}
          </p>
        ) : (
          <p className="form__hint">{t('realName.photoHint')}</p>
        )}
      </div>
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="real-name-submit">
        {again ? t('realName.submitAgain') : t('realName.submit')}
      </Button>
    </form>
  );
}

/** `/realNameAuthentication`: the verification's status, and the form while there is none or it was refused. */
export function RealNameScreen() {
  const { t } = useTranslation();
  const [loaded, reload] = useLoad((signal) => fetchAuthenticationDetail(signal), []);
  const [submitted, setSubmitted] = useState<AuthenticationDetail | null>(null);
  return (
    <Screen nav={{ title: t('routes.realName') }}>
      <LoadingOr state={loaded} onRetry={reload}>
        {(fetched) => {
          const detail = submitted ?? fetched;
          const canSubmit = detail.status === 'none' || detail.status === 'refused';
          return (
            <>
              <StatusCard detail={detail} />
              {canSubmit ? (
                <RealNameFormCard again={detail.status === 'refused'} onSubmitted={setSubmitted} />
              ) : null}
            </>
          );
        }}
      </LoadingOr>
    </Screen>
  );
}
