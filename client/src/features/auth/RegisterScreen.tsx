import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { returnPath } from '../../app/guard.ts';
import { currentLocale } from '../../i18n/index.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { useSession } from '../session/index.ts';
import { register } from './authApi.ts';
import { Brand } from './Brand.tsx';
import {
  EMPTY_REGISTER_FORM,
  REGISTER_DRAFT_KEY,
  type RegisterField,
  type RegisterForm,
  registerDraft,
  validateRegister,
} from './registerForm.ts';

const FIELDS: readonly {
  name: RegisterField;
  type?: 'password' | 'email' | 'tel';
  autoComplete: string;
}[] = [
  { name: 'account', autoComplete: 'username' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
  { name: 'username', autoComplete: 'family-name' },
  { name: 'givenName', autoComplete: 'given-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'mobile', type: 'tel', autoComplete: 'tel' },
];

/** A draft kept in backData while the user reads the agreement (see AgreementScreen). */
function restoredForm(): RegisterForm {
  const draft = useSession.getState().backData[REGISTER_DRAFT_KEY];
  return typeof draft === 'object' && draft !== null
    ? { ...EMPTY_REGISTER_FORM, ...draft }
    : EMPTY_REGISTER_FORM;
}

export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState<RegisterForm>(restoredForm);
  const [errors, setErrors] = useState<FieldErrors<RegisterField | 'agree'>>({});
  const { busy, failure, run } = useFormSubmit();

  const update = (patch: Partial<RegisterForm>) => setForm((f) => ({ ...f, ...patch }));
  const keepDraft = () => useSession.getState().mergeBackData({ [REGISTER_DRAFT_KEY]: registerDraft(form) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateRegister(form, currentLocale());
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(async () => {
      await register(validation.credentials);
      useSession.getState().mergeBackData({ [REGISTER_DRAFT_KEY]: undefined });
      toast.success(t('register.welcome'));
      navigate(returnPath(searchParams), { replace: true });
    });
  };

  return (
    <Screen nav={{ title: t('routes.register') }}>
      <Brand />
      <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.register')}>
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            label={t(`register.${field.name}`)}
            name={field.name}
            type={field.type ?? 'text'}
            revealable={field.type === 'password'}
            autoComplete={field.autoComplete}
            autoCapitalize={field.name === 'account' ? 'none' : undefined}
            value={form[field.name]}
            onChange={(value) => update({ [field.name]: value })}
            error={errors[field.name]}
            data-testid={`register-${field.name}`}
          />
        ))}
        <div className={`checkbox${errors.agree ? ' checkbox--invalid' : ''}`}>
          <input
            id="register-agree"
            type="checkbox"
            checked={form.agree}
            onChange={(e) => update({ agree: e.target.checked })}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? 'register-agree-error' : undefined}
            data-testid="register-agree"
          />
          <label htmlFor="register-agree">
            <Trans
              i18nKey="register.agree"
              components={{ link: <Link to="/agreement" onClick={keepDraft} data-testid="link-agreement" /> }}
            />
          </label>
        </div>
        {errors.agree ? (
          <p className="field__error" id="register-agree-error" role="alert">
            {errors.agree}
          </p>
        ) : null}
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="register-submit">
          {t('register.submit')}
        </Button>
        <div className="form__links">
          <Link to="/login">{t('register.toLogin')}</Link>
        </div>
      </form>
    </Screen>
  );
}
