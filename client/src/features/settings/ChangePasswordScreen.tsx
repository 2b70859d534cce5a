import { userRoutes } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FieldErrors } from '../../lib/forms.ts';
import { callApi } from '../../lib/http/client.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { useSession } from '../session/index.ts';
import {
  type ChangePasswordField,
  type ChangePasswordForm,
  validateChangePassword,
} from './changePasswordForm.ts';

const FIELDS = [
  { name: 'oldPassword', labelKey: 'changePassword.old', autoComplete: 'current-password' },
  { name: 'newPassword', labelKey: 'changePassword.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', labelKey: 'changePassword.confirm', autoComplete: 'new-password' },
] as const;

export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<ChangePasswordForm>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordField>>({});
  const { busy, failure, run } = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateChangePassword(form, { oldPassword: t('changePassword.old') });
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(async () => {
      await callApi(userRoutes.changePassword, { body: validation.body, silent: true });
      // The server revoked the account's other sessions; this one signs in again with the new password.
      useSession.getState().logout();
      toast.success(t('changePassword.done'), 2500);
      navigate('/login', { replace: true });
    });
  };

  return (
    <Screen nav={{ title: t('routes.changePassword') }}>
      <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.changePassword')}>
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            label={t(field.labelKey)}
            name={field.name}
            type="password"
            revealable
            autoComplete={field.autoComplete}
            value={form[field.name]}
            onChange={(value) => setForm((f) => ({ ...f, [field.name]: value }))}
            error={errors[field.name]}
            data-testid={`change-password-${field.name}`}
          />
        ))}
        <p className="form__hint">{t('changePassword.hint')}</p>
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="change-password-submit">
          {t('changePassword.submit')}
        </Button>
      </form>
    </Screen>
  );
}
