/**
 * The Luhn (mod 10) check digit of payment card numbers (ISO/IEC 7812-1): from the right, every
 * second digit is doubled (minus 9 when above 9) and the sum of all digits is a multiple of 10.
 */

function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum;
}

/** True when `digits` (digits only) ends in a correct Luhn check digit. */
export function passesLuhn(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** The check digit that makes `partial` + digit pass the Luhn check. */
export function luhnCheckDigit(partial: string): string {
  if (!/^\d+$/.test(partial)) throw new RangeError(`not digits: ${JSON.stringify(partial)}`);
  return String((10 - (luhnSum(partial, true) % 10)) % 10);
}
