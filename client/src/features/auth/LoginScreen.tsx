import { loginCredentials } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { returnPath } from '../../app/guard.ts';
import { errorText } from '../../i18n/index.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { LanguageSelect } from '../settings/index.ts';
import { login } from './authApi.ts';
import { Brand } from './Brand.tsx';

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const { busy, failure, setFailure, run } = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginCredentials.safeParse({ account, password });
    if (!parsed.success) {
      setFailure(errorText(parsed.error.issues[0]?.message ?? 'auth.inputAccountPassword'));
      return;
    }
    await run(async () => {
      await login(parsed.data);
      toast.success(t('login.welcome'));
      navigate(returnPath(searchParams), { replace: true });
    });
  };

  return (
    <Screen nav={{ title: t('routes.login'), onBack: () => navigate('/home', { replace: true }) }}>
      <Brand />
      <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.login')}>
        <Field
          label={t('login.account')}
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          value={account}
          onChange={setAccount}
          data-testid="login-account"
        />
        <Field
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onChange={setPassword}
          data-testid="login-password"
        />
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="login-submit">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        <div className="form__links">
          <Link to="/register" data-testid="link-register">
            {t('login.toRegister')}
          </Link>
          <Link to="/forgotPassword" data-testid="link-forgot-password">
            {t('login.forgotPassword')}
          </Link>
        </div>
      </form>
      <LanguageSelect />
    </Screen>
  );
}
