import {
  Dec,
  type WithdrawalChargeRule,
  type WithdrawalRequest,
  withdrawalBody,
  withdrawalCharge,
} from '@bourse/shared';
import { errorText } from '../../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/forms.ts';

export type WithdrawField = 'cardId' | 'amount';
export type WithdrawValidation =
  | { ok: true; body: Omit<WithdrawalRequest, 'payPassword'>; charge: string }
  | { ok: false; errors: FieldErrors<WithdrawField> };

/**
 * By the server's own schema ("Draw amount cannot be less than or equal to 0 or empty"), then
 * the amount with its service charge against the available balance ("Draw amount cannot be
 * larger than balance"): the server checks the same under the wallet's lock.
 */
export function validateWithdraw(
  form: { cardId: string; amount: string },
  available: string,
  rule: WithdrawalChargeRule,
): WithdrawValidation {
  const result = withdrawalBody.safeParse(form);
  const errors: FieldErrors<WithdrawField> = fieldErrors(result);
  if (!result.success) return { ok: false, errors };
  const charge = withdrawalCharge(result.data.amount, rule);
  if (charge.plus(result.data.amount).gt(available)) {
    return { ok: false, errors: { amount: errorText('withdrawal.overBalance') } };
  }
  const amount = new Dec(result.data.amount).toFixed(2);
  return { ok: true, body: { cardId: result.data.cardId, amount }, charge: charge.toFixed(2) };
}

/** The charge the amount field would cost, for showing as the user types; null while it is no amount. */
export function chargeShown(amount: string, rule: WithdrawalChargeRule): string | null {
  const parsed = withdrawalBody.shape.amount.safeParse(amount);
  return parsed.success ? withdrawalCharge(parsed.data, rule).toFixed(2) : null;
}
