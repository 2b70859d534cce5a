import {
  Dec,
  MAX_TRANSFER_AMOUNT,
  type TransferDirection,
  type TransferRequest,
  transferBody,
} from '@bourse/shared';
import { errorText } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/format.ts';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';

export type TransferField = 'cardId' | 'amount';

export type TransferValidation =
  | { ok: true; body: Omit<TransferRequest, 'payPassword'> }
  | { ok: false; errors: FieldErrors<TransferField> };

/**
 * A transfer as the server will check it: the shared schema (the spec's 'cannot be less than or
 * equal to 0 or empty'), the single-transfer limit, and for a transfer out at most the
 * withdrawable cash ('cannot be larger than balance').
 */
export function validateTransfer(
  form: { cardId: string; amount: string },
  direction: TransferDirection,
  withdrawable: string | undefined,
  cardLabel: string,
): TransferValidation {
  // What the user typed may have spaces around it; the wire form has none.
  const result = transferBody.safeParse({ direction, cardId: form.cardId, amount: form.amount.trim() });
  const errors: FieldErrors<TransferField> = fieldErrors(result);
  if (!form.cardId) errors.cardId = errorText('validation.required', { field: 'cardId' }, cardLabel);
  if (!result.success || errors.cardId) return { ok: false, errors };
  const amount = new Dec(result.data.amount);
  if (amount.gt(MAX_TRANSFER_AMOUNT)) {
    return {
      ok: false,
      errors: { amount: errorText('transfer.aboveLimit', { max: formatMoney(MAX_TRANSFER_AMOUNT) }) },
    };
  }
  if (direction === 'out' && withdrawable !== undefined && amount.gt(withdrawable)) {
    return {
      ok: false,
      errors: {
        amount: errorText('transfer.exceedsWithdrawable', { withdrawable: formatMoney(withdrawable) }),
      },
    };
  }
  return { ok: true, body: { direction, cardId: result.data.cardId, amount: amount.toFixed(2) } };
}
