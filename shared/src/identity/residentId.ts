/**
 * The 18-character resident identity number of the People's Republic of China (GB 11643-1999):
 * a 6-digit region code, the date of birth as YYYYMMDD, a 3-digit sequence (odd for men) and a
 * check character computed over the first 17 digits with ISO 7064 MOD 11-2.
 */

/** 2^(17-i) mod 11 for the digits i = 0..16, as GB 11643 tabulates them. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** The check character for each remainder of the weighted sum mod 11 (10 is written "X"). */
const CHECK_CHARS = '10X98765432';
const SHAPE = /^[1-9]\d{16}[\dX]$/;
/** The earliest date of birth we accept; anything before is a mistyped year. */
const EARLIEST_BIRTH = '1900-01-01';

export type ResidentIdProblem = 'format' | 'birthDate' | 'checkDigit';

export type ResidentIdCheck = { ok: true; birthDate: string } | { ok: false; problem: ResidentIdProblem };

/** The check character of the first 17 digits. */
export function residentIdCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('the first 17 characters must be digits');
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return CHECK_CHARS.charAt(sum % 11);
}

/** "19900307" as "1990-03-07", or undefined when it is no calendar date (19900230 too). */
function calendarDate(yyyymmdd: string): string | undefined {
  const [year, month, day] = [yyyymmdd.slice(0, 4), yyyymmdd.slice(4, 6), yyyymmdd.slice(6, 8)].map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  const iso = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  return date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** Uppercases a final "x", as people type it, and drops surrounding spaces. */
export function normaliseResidentId(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Checks a normalised number: its shape, a real date of birth between 1900-01-01 and `today`
 * (YYYY-MM-DD), and the check character.
 */
export function checkResidentId(id: string, today: string): ResidentIdCheck {
  if (!SHAPE.test(id)) return { ok: false, problem: 'format' };
  const birthDate = calendarDate(id.slice(6, 14));
  if (!birthDate || birthDate < EARLIEST_BIRTH || birthDate > today)
    return { ok: false, problem: 'birthDate' };
  if (residentIdCheckChar(id.slice(0, 17)) !== id.charAt(17)) return { ok: false, problem: 'checkDigit' };
  return { ok: true, birthDate };
}

/** Whole years from `birthDate` to `today` (both YYYY-MM-DD); a 29 February birthday counts on 1 March. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** First four and last four characters; the date of birth and sequence are hidden. */
export function maskResidentId(id: string): string {
  return `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;
}
