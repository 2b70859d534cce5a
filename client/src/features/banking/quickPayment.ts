import type { AuthenticationDetail, BankCardView } from '@bourse/shared';

/** The preset amounts of a quick payment, CNY; any other amount can be typed. */
export const QUICK_AMOUNTS = ['1000', '5000', '10000', '50000'] as const;

/** What a quick payment needs first, in the order the user must do it; or the card it pays from. */
export type QuickPaymentGate =
  | { ready: false; missing: 'verification' | 'verificationPending' | 'card' | 'defaultCard' }
  | { ready: true; card: BankCardView };

/**
 * A quick payment is a transfer in from the default card of a verified user: a card is bound
 * only in the verified name, and the server keeps a default while any card is bound, but a
 * verification still under review, or cards without a default, are said as such.
 */
export function quickPaymentGate(detail: AuthenticationDetail, cards: BankCardView[]): QuickPaymentGate {
  if (detail.status === 'pending') return { ready: false, missing: 'verificationPending' };
  if (detail.status !== 'passed') return { ready: false, missing: 'verification' };
  if (cards.length === 0) return { ready: false, missing: 'card' };
  const card = cards.find((c) => c.isDefault);
  return card ? { ready: true, card } : { ready: false, missing: 'defaultCard' };
}
