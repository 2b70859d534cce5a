import { Dec, fundRedeemBody, fundSubscribeBody } from '@bourse/shared';
import { errorText } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/format.ts';
import { fieldErrors } from '../../lib/forms.ts';

export type FundTradeKind = 'subscribe' | 'redeem';

/**
 * An amount to subscribe (at most the withdrawable cash) or units to redeem (at most those
 * held), checked as the server will; the error is translated, the value two-decimal.
 */
export function validateFundTrade(
  kind: FundTradeKind,
  value: string,
  limit: string,
): { ok: true; value: string } | { ok: false; error: string } {
  // What the user typed may have spaces around it; the wire form has none.
  const typed = value.trim();
  const result =
    kind === 'subscribe'
      ? fundSubscribeBody.safeParse({ amount: typed })
      : fundRedeemBody.safeParse({ units: typed });
  if (!result.success) {
    const errors = fieldErrors<'amount' | 'units'>(result);
    return { ok: false, error: errors.amount ?? errors.units ?? errorText('validation.amount') };
  }
  const amount = new Dec(typed);
  if (amount.gt(limit)) {
    return {
      ok: false,
      error:
        kind === 'subscribe'
          ? errorText('fund.exceedsWithdrawable', { withdrawable: formatMoney(limit) })
          : errorText('fund.exceedsHolding', { units: formatMoney(limit) }),
    };
  }
  return { ok: true, value: amount.toFixed(2) };
}
