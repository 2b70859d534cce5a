import { type Locale, type RegisterCredentials, registerCredentials } from '@bourse/shared';
import { errorText, i18n } from '../../i18n/index.ts';
import { type FieldErrors, fieldErrors, hasErrors } from '../../lib/forms.ts';

/** backData key of the form kept while the user reads /agreement. */
export const REGISTER_DRAFT_KEY = 'registerDraft';

export const REGISTER_FIELDS = [
  'account',
  'password',
  'confirmPassword',
  'username',
  'givenName',
  'email',
  'mobile',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export type RegisterForm = Record<RegisterField, string> & { agree: boolean };

export const EMPTY_REGISTER_FORM: RegisterForm = {
  account: '',
  password: '',
  confirmPassword: '',
  username: '',
  givenName: '',
  email: '',
  mobile: '',
  agree: false,
};

export type RegisterValidation =
  | { ok: true; credentials: RegisterCredentials }
  | { ok: false; errors: FieldErrors<RegisterField | 'agree'> };

/** Fields whose empty value has the spec's own message ("Please input account and password."). */
const SPEC_EMPTY_MESSAGE: readonly RegisterField[] = ['account', 'password'];

/**
 * Validates with the server's own schema, plus the confirmation and the agreement: every
 * error at once, an empty field named as required (not "at most 50 characters").
 */
export function validateRegister(form: RegisterForm, lang: Locale): RegisterValidation {
  const { confirmPassword, agree, ...fields } = form;
  const result = registerCredentials.safeParse({ ...fields, lang });
  const errors: FieldErrors<RegisterField | 'agree'> = fieldErrors(result);
  for (const field of REGISTER_FIELDS) {
    if (form[field].trim() === '' && !SPEC_EMPTY_MESSAGE.includes(field))
      errors[field] = errorText('validation.required', { field });
  }
  if (confirmPassword !== '' && confirmPassword !== form.password) {
    errors.confirmPassword = errorText('validation.passwordsMismatch');
  }
  if (!agree) errors.agree = i18n.t('register.mustAgree');
  if (result.success && !hasErrors(errors)) return { ok: true, credentials: result.data };
  return { ok: false, errors };
}

/** What survives a visit to /agreement (never the passwords). */
export function registerDraft(form: RegisterForm): Partial<RegisterForm> {
  const { password: _password, confirmPassword: _confirm, ...rest } = form;
  return rest;
}
