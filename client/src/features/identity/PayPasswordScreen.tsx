import type { PayPasswordStatus } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../lib/date/formatDate.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { goBack } from '../../shared-ui/goBack.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { PinInput } from '../../shared-ui/PinInput.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { fetchPayPasswordStatus, savePayPassword } from './identityApi.ts';
import { type PayPasswordField, type PayPasswordForm, validatePayPassword } from './payPasswordForm.ts';
import './identity.css';

const EMPTY: PayPasswordForm = { oldPayPassword: '', newPayPassword: '', confirmPayPassword: '' };

function PayPasswordEditor({ status }: { status: PayPasswordStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<PayPasswordField>>({});
  const { busy, failure, run } = useFormSubmit();
  const fields = (
    [
      ['oldPayPassword', t('payPassword.old')],
      ['newPayPassword', t('payPassword.new')],
      ['confirmPayPassword', t('payPassword.confirm')],
    ] as const
  ).filter(([name]) => status.isSet || name !== 'oldPayPassword');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validatePayPassword(form, status.isSet);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(async () => {
      try {
        await savePayPassword(validation.body);
      } catch (error) {
        // Wrong or locked: start the entry again.
        setForm(EMPTY);
        throw error;
      }
      toast.success(t('payPassword.saved'));
      goBack(navigate, '/my');
    });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.payPassword')}>
      <p className="form__hint pay-form__intro">
        {status.isSet ? t('payPassword.introChange') : t('payPassword.introSet')}
      </p>
      {status.lockedUntil ? (
        <p className="form__error" role="alert" data-testid="pay-password-locked">
          {t('payPassword.locked', { time: formatDate(status.lockedUntil, 'HH:mm') })}
        </p>
      ) : null}
      {fields.map(([name, label]) => (
        <PinInput
          key={name}
          label={label}
          value={form[name]}
          onChange={(value) => setForm((f) => ({ ...f, [name]: value }))}
          error={errors[name]}
          testId={`pay-password-${name}`}
        />
      ))}
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="pay-password-submit">
        {status.isSet ? t('payPassword.submitChange') : t('payPassword.submitSet')}
      </Button>
    </form>
  );
}

/** `/payPwd`: set the payment password (no old one yet) or change it (old one first). */
export function PayPasswordScreen() {
  const { t } = useTranslation();
  const [status, reload] = useLoad((signal) => fetchPayPasswordStatus(signal), []);
  return (
    <Screen nav={{ title: t('routes.payPassword') }}>
      <LoadingOr state={status} onRetry={reload}>
        {(known) => <PayPasswordEditor status={known} />}
      </LoadingOr>
    </Screen>
  );
}
