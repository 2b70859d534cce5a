import { type SetPayPassword, setPayPasswordBody } from '@bourse/shared';
import { errorText } from '../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';

export type PayPasswordField = 'oldPayPassword' | 'newPayPassword' | 'confirmPayPassword';
export type PayPasswordForm = Record<PayPasswordField, string>;

export type PayPasswordValidation =
  | { ok: true; body: SetPayPassword }
  | { ok: false; errors: FieldErrors<PayPasswordField> };

/**
 * The server's rules (six digits, confirmation equal, new different from old) before sending;
 * the old password is required when one is set and not sent when none is.
 */
export function validatePayPassword(form: PayPasswordForm, isSet: boolean): PayPasswordValidation {
  const result = setPayPasswordBody.safeParse({ ...form, oldPayPassword: isSet ? form.oldPayPassword : '' });
  const errors: FieldErrors<PayPasswordField> = fieldErrors(result);
  if (isSet && form.oldPayPassword === '') {
    errors.oldPayPassword = errorText('validation.required', { field: 'oldPayPassword' });
  }
  if (result.success && !errors.oldPayPassword) return { ok: true, body: result.data };
  return { ok: false, errors };
}
