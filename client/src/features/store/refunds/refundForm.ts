import {
  Dec,
  isDecimalString,
  type RefundProductStatus,
  type RefundReason,
  type RefundRequest,
  type RefundType,
  refundBody,
  refundRoutes,
} from '@bourse/shared';
import { errorText } from '../../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/forms.ts';

export type RefundField = 'type' | 'productStatus' | 'amount' | 'reason' | 'explanation' | 'proof';
export interface RefundForm {
  type: RefundType;
  productStatus: RefundProductStatus;
  amount: string;
  /** Empty until the shopper picks one. */
  reason: RefundReason | '';
  explanation: string;
  proof: File | null;
}

export type RefundValidation =
  | { ok: true; body: RefundRequest; proof: File }
  | { ok: false; errors: FieldErrors<RefundField> };

const PROOF = refundRoutes.create.upload;

/** The proof is required; its declared type and size checked here, its bytes by the server. */
function proofError(file: File | null): string | undefined {
  if (!file) return errorText('refund.proofRequired');
  if (PROOF && !PROOF.mimeTypes.includes(file.type)) return errorText('refund.proofBadType');
  if (PROOF && file.size > PROOF.maxBytes) return errorText('refund.proofTooLarge');
  return undefined;
}

/**
 * By the server's own schema (the spec's rules: amount required and not negative; reason,
 * explanation and proof required), plus what the form already knows: the amount may not pass
 * what is still refundable (`refundable`, from the order's terms).
 */
export function validateRefund(orderId: string, form: RefundForm, refundable: string): RefundValidation {
  const result = refundBody.safeParse({
    orderId,
    type: form.type,
    productStatus: form.productStatus,
    amount: form.amount,
    reason: form.reason || undefined,
    explanation: form.explanation,
  });
  const errors: FieldErrors<RefundField> = fieldErrors(result);
  const amount = form.amount.trim();
  if (!errors.amount && isDecimalString(amount) && new Dec(amount).gt(refundable))
    errors.amount = errorText('refund.overRefundable', { refundable });
  const proof = proofError(form.proof);
  if (proof) errors.proof = proof;
  if (result.success && !errors.amount && !proof && form.proof) {
    return { ok: true, body: result.data, proof: form.proof };
  }
  return { ok: false, errors };
}
