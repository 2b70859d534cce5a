import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * All money in Bourse is decimal. A dedicated Decimal constructor keeps our precision and
 * rounding apart from any other user of decimal.js in the same process.
 */
export const Dec = /* @__PURE__ */ Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Dec = InstanceType<typeof Dec>;

/** Money as it crosses JSON: a plain decimal string such as "12.30". */
export type MoneyString = string & { readonly __money: unique symbol };

/**
 * Plain decimal notation only: no exponent, no sign other than a leading minus, no spaces,
 * at most 15 integer digits (a quadrillion CNY) and 8 decimals.
 */
const DECIMAL_PATTERN = /^-?(0|[1-9]\d{0,14})(\.\d{1,8})?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** Parses a decimal string from outside; throws on anything that is not plain notation. */
export function parseDecimal(value: string): Dec {
  if (!isDecimalString(value)) throw new RangeError(`not a plain decimal: ${JSON.stringify(value)}`);
  return new Dec(value);
}

/** Rounds half-up to the cent (0.01), the unit of every cash balance. */
export function roundCent(value: Decimal.Value): Dec {
  return new Dec(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Rounds half-up to `places` decimals (prices: 2, fund prices: 3). */
export function roundTo(value: Decimal.Value, places: number): Dec {
  return new Dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** The wire form of an amount of cash: always two decimals, half-up. */
export function toMoneyString(value: Decimal.Value): MoneyString {
  return roundCent(value).toFixed(2) as MoneyString;
}

/** The wire form of a price or quantity with a fixed number of decimals. */
export function toFixedString(value: Decimal.Value, places: number): string {
  return roundTo(value, places).toFixed(places);
}

/** Human display with thousands separators: 1234567.8 → "1,234,567.80". */
export function formatMoney(value: Decimal.Value, places = 2): string {
  const fixed = roundTo(value, places).toFixed(places);
  const [int = '0', frac] = fixed.split('.');
  const negative = int.startsWith('-');
  const digits = negative ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}

/** zod: a plain decimal string on the wire. `message` is an i18n key. */
export const decimalString = (message = 'validation.decimal') =>
  z.string().refine(isDecimalString, { message });

/** zod: a positive amount with at most two decimals. */
export const positiveMoneyString = (message = 'validation.amount') =>
  z
    .string()
    .refine((v) => isDecimalString(v) && new Dec(v).gt(0) && new Dec(v).decimalPlaces() <= 2, { message });
