import { forgotPasswordBody, passwordResetRoutes } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';
import { callApi } from '../../lib/http/client.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';

/** `/forgotPassword`: asks for a code mailed to the account's email, then goes on to set the new password. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'account'>>({});
  const { busy, failure, run } = useFormSubmit();
  const next = (name: string) => `/changePassword?account=${encodeURIComponent(name)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordBody.safeParse({ account });
    setErrors(fieldErrors(parsed));
    if (!parsed.success) return;
    await run(async () => {
      await callApi(passwordResetRoutes.forgotPassword, { body: parsed.data, silent: true });
      // The same answer whether the account exists: say what happens if it does.
      toast.success(t('forgotPassword.sent'), 3000);
      navigate(next(parsed.data.account));
    });
  };

  return (
    <Screen nav={{ title: t('routes.forgotPassword') }}>
      <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.forgotPassword')}>
        <p className="form__hint" data-testid="forgot-password-intro">
          {t('forgotPassword.intro')}
        </p>
        <Field
          label={t('forgotPassword.account')}
          name="account"
          autoComplete="username"
          value={account}
          onChange={setAccount}
          error={errors.account}
          data-testid="forgot-password-account"
        />
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="forgot-password-send">
          {t('forgotPassword.send')}
        </Button>
        <div className="form__links">
          <Link to={next(account.trim())} data-testid="forgot-password-have-code">
            {t('forgotPassword.haveCode')}
          </Link>
        </div>
      </form>
    </Screen>
  );
}
