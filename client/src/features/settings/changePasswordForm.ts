import { changePasswordBody } from '@bourse/shared';
import type { z } from 'zod';
import { errorText } from '../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';

export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export type ChangePasswordForm = Record<ChangePasswordField, string>;

export type ChangePasswordValidation =
  | { ok: true; body: z.infer<typeof changePasswordBody> }
  | { ok: false; errors: FieldErrors<ChangePasswordField> };

/** Old required, new ≥ 6 and different from old (the server's schema), confirmation equal to new. */
export function validateChangePassword(
  form: ChangePasswordForm,
  labels: Partial<Record<ChangePasswordField, string>>,
): ChangePasswordValidation {
  const result = changePasswordBody.safeParse({
    oldPassword: form.oldPassword,
    newPassword: form.newPassword,
  });
  const errors: FieldErrors<ChangePasswordField> = fieldErrors(result, labels);
  if (!errors.newPassword && form.confirmPassword !== form.newPassword) {
    errors.confirmPassword = errorText('validation.passwordsMismatch');
  }
  if (result.success && !errors.confirmPassword) return { ok: true, body: result.data };
  return { ok: false, errors };
}
