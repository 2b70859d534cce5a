import { passwordResetRoutes, resetPasswordBody } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';
import { callApi } from '../../lib/http/client.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { useSession } from '../session/index.ts';

type ResetField = 'account' | 'code' | 'password' | 'confirmPassword';

const FIELDS = [
  { name: 'account', labelKey: 'forgotPassword.account', type: 'text', autoComplete: 'username' },
  { name: 'code', labelKey: 'forgotPassword.code', type: 'text', autoComplete: 'one-time-code' },
  {
    name: 'password',
    labelKey: 'forgotPassword.newPassword',
    type: 'password',
    autoComplete: 'new-password',
  },
  {
    name: 'confirmPassword',
    labelKey: 'forgotPassword.confirmPassword',
    type: 'password',
    autoComplete: 'new-password',
  },
] as const;

/** `/changePassword`: the mailed code and a new password; every session of the account ends, so log in again. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<Record<ResetField, string>>({
    account: params.get('account') ?? '',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const { busy, failure, run } = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordBody.safeParse(form);
    setErrors(fieldErrors(parsed));
    if (!parsed.success) return;
    await run(async () => {
      await callApi(passwordResetRoutes.resetPassword, { body: parsed.data, silent: true });
      // The server ended every session of the account, this device's too if it was signed in.
      useSession.getState().logout();
      toast.success(t('forgotPassword.done'), 2500);
      navigate('/login', { replace: true });
    });
  };

  return (
    <Screen nav={{ title: t('routes.resetPassword') }}>
      <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.resetPassword')}>
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            label={t(field.labelKey)}
            name={field.name}
            type={field.type}
            inputMode={field.name === 'code' ? 'numeric' : undefined}
            revealable={field.type === 'password'}
            autoComplete={field.autoComplete}
            value={form[field.name]}
            onChange={(value) => setForm((f) => ({ ...f, [field.name]: value }))}
            error={errors[field.name]}
            data-testid={`reset-password-${field.name}`}
          />
        ))}
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="reset-password-submit">
          {t('forgotPassword.submit')}
        </Button>
        <div className="form__links">
          <Link to="/forgotPassword">{t('forgotPassword.resend')}</Link>
        </div>
      </form>
    </Screen>
  );
}
