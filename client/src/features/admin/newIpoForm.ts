import { ipoRulesAt, type NewIpoRequest, newIpoSchema, shanghaiDate } from '@bourse/shared';
import { errorText } from '../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';

/** The create-an-issue form as typed: every field a string, the listing date may be empty. */
export interface NewIpoForm {
  code: string;
  name: string;
  price: string;
  onlineShares: string;
  subscriptionDate: string;
  listingDate: string;
}
export type NewIpoField = keyof NewIpoForm;

export const EMPTY_NEW_IPO: NewIpoForm = {
  code: '',
  name: '',
  price: '',
  onlineShares: '',
  subscriptionDate: '',
  listingDate: '',
};

/**
 * The request the form makes, or a translated message per wrong field: the shared contract's
 * checks, and whole lottery units for the tranche (the server says the same; here it is said
 * before a round trip).
 */
export function parseNewIpo(
  form: NewIpoForm,
): { ok: true; body: NewIpoRequest } | { ok: false; errors: FieldErrors<NewIpoField> } {
  const shares = /^\d+$/.test(form.onlineShares.trim()) ? Number(form.onlineShares.trim()) : Number.NaN;
  const result = newIpoSchema.safeParse({
    code: form.code.trim(),
    name: form.name,
    price: form.price.trim(),
    onlineShares: shares,
    subscriptionDate: form.subscriptionDate,
    listingDate: form.listingDate === '' ? undefined : form.listingDate,
  });
  const errors = fieldErrors<NewIpoField>(result);
  const unit = ipoRulesAt(
    result.success ? result.data.subscriptionDate : shanghaiDate(Date.now()),
  ).sharesPerNumber;
  if (errors.onlineShares || (Number.isSafeInteger(shares) && shares % unit !== 0)) {
    errors.onlineShares = errorText('ipo.badOnlineShares', { unit });
  }
  if (!result.success || errors.onlineShares) return { ok: false, errors };
  return { ok: true, body: result.data };
}
