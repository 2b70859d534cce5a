import { type BankCode, bankOfCard } from './bankBins.ts';
import { passesLuhn } from './luhn.ts';

/** Chinese debit card numbers have 16 to 19 digits. */
const CARD_DIGITS = /^\d{16,19}$/;

export type CardNumberProblem = 'format' | 'checkDigit' | 'unsupportedBank';

export type CardNumberCheck =
  | { ok: true; digits: string; bank: BankCode }
  | { ok: false; problem: CardNumberProblem };

/** The digits of a card number as people type it: in groups, with spaces or dashes between. */
export function normaliseCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** Checks a typed card number: 16–19 digits, a valid Luhn check digit, a bank the table knows. */
export function checkCardNumber(raw: string): CardNumberCheck {
  const digits = normaliseCardNumber(raw);
  if (!CARD_DIGITS.test(digits)) return { ok: false, problem: 'format' };
  if (!passesLuhn(digits)) return { ok: false, problem: 'checkDigit' };
  const bank = bankOfCard(digits);
  if (!bank) return { ok: false, problem: 'unsupportedBank' };
  return { ok: true, digits, bank };
}

/** The last four digits, all a list or a message shows of a card. */
export const cardTail = (digits: string) => digits.slice(-4);

/** "6222 **** **** 1234": the first four and last four digits. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 4)} **** **** ${cardTail(digits)}`;
}
