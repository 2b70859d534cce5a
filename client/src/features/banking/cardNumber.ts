import { normaliseCardNumber } from '@bourse/shared';

/** The most digits a card number has. */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** A typed card number shown in groups of four, as printed on the card: "6222 0202 0011 2233 446". */
export function groupCardNumber(typed: string): string {
  const digits = normaliseCardNumber(typed).replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
