import { identityRoutes, type RealNameSubmission, realNameSubmission } from '@bourse/shared';
import { errorText } from '../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';

export type RealNameField = 'realName' | 'idNumber' | 'photo';
export interface RealNameForm {
  realName: string;
  idNumber: string;
  photo: File | null;
}

export type RealNameValidation =
  | { ok: true; body: RealNameSubmission; photo: File | null }
  | { ok: false; errors: FieldErrors<RealNameField> };

const PHOTO = identityRoutes.submitRealName.upload;

/** The photo's declared type and size; the server still types it by its bytes. */
function photoError(photo: File | null): string | undefined {
  if (!photo || !PHOTO) return undefined;
  if (!PHOTO.mimeTypes.includes(photo.type)) return errorText('identity.photoBadType');
  if (photo.size > PHOTO.maxBytes) return errorText('identity.photoTooLarge');
  return undefined;
}

/** Name and resident ID by the server's own schema (format, date of birth, check digit), and the photo. */
export function validateRealName(form: RealNameForm): RealNameValidation {
  const result = realNameSubmission.safeParse({ realName: form.realName, idNumber: form.idNumber });
  const errors: FieldErrors<RealNameField> = fieldErrors(result);
  const photo = photoError(form.photo);
  if (photo) errors.photo = photo;
  if (result.success && !photo) return { ok: true, body: result.data, photo: form.photo };
  return { ok: false, errors };
}
