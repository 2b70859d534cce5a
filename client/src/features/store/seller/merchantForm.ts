import { type MerchantApplicationRequest, merchantApplicationBody, merchantRoutes } from '@bourse/shared';
import { errorText } from '../../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/forms.ts';

export type MerchantField = 'shopName' | 'category' | 'contact' | 'licence';
export interface MerchantForm {
  shopName: string;
  category: string;
  contact: string;
  licence: File | null;
}

export type MerchantValidation =
  | { ok: true; body: MerchantApplicationRequest; licence: File }
  | { ok: false; errors: FieldErrors<MerchantField> };

const LICENCE = merchantRoutes.apply.upload;

function licenceError(file: File | null): string | undefined {
  if (!file) return errorText('merchant.licenceRequired');
  if (LICENCE && !LICENCE.mimeTypes.includes(file.type)) return errorText('merchant.licenceBadType');
  if (LICENCE && file.size > LICENCE.maxBytes) return errorText('merchant.licenceTooLarge');
  return undefined;
}

/** By the server's own schema (name, category, phone or e-mail) and the licence image. */
export function validateMerchant(form: MerchantForm): MerchantValidation {
  const result = merchantApplicationBody.safeParse(form);
  const errors: FieldErrors<MerchantField> = fieldErrors(result);
  const licence = licenceError(form.licence);
  if (licence) errors.licence = licence;
  if (result.success && !licence && form.licence)
    return { ok: true, body: result.data, licence: form.licence };
  return { ok: false, errors };
}
