/**
 * The cash fund: a money-market fund the user moves cash into and out of. Its price (NAV) is
 * fixed at 1.0000, so one unit is one yuan and units are counted to the cent. Each calendar day
 * the fund earns an income per 10,000 units (万份收益), paid to holders as new units.
 *
 * Rounding, written down once:
 * - A holder's basis for day D is the units held through the whole of D: the smaller of the
 *   units at the start of D and at its end (before D's yield). Units bought on D start earning
 *   on D+1; units sold on D earn nothing for D.
 * - exact = basis × yieldPer10k / 10,000 + the holder's carried remainder; the holder is paid
 *   exact rounded half-up to the cent (never less than zero), and exact − paid is carried to the
 *   next day. The carry stays within half a cent, so over any run of days the sum paid is the
 *   sum earned to within half a cent, whatever the holding's size.
 * - The 7-day annualised yield is the CSRC formula for funds that carry income forward daily:
 *   ((1 + R₁/10,000) × … × (1 + R₇/10,000))^(365/7) − 1, in percent, rounded half-up to three
 *   decimals; over the n < 7 days of a young fund, the exponent is 365/n.
 */
import { Dec } from '../money.ts';
import { addDays } from '../rules/dates.ts';

export const CASH_FUND_NAV = '1.0000';
/** Units, like cash, to the cent. */
export const CASH_FUND_UNIT_PLACES = 2;
export const YIELD_PER_10K_PLACES = 4;
export const ANNUALISED_YIELD_PLACES = 3;

export interface DailyYield {
  /** basis × yieldPer10k / 10,000 plus what was carried in. */
  exact: Dec;
  /** Paid as new units: exact rounded half-up to the cent, never negative. */
  paid: Dec;
  /** exact − paid, carried to the next day; within (−0.005, 0.005]. */
  carry: Dec;
}

/** One holder's yield for one day under the rule above. */
export function holderDailyYield(basis: Dec, yieldPer10k: Dec, carried: Dec): DailyYield {
  const exact = basis.times(yieldPer10k).div(10_000).plus(carried);
  const paid = Dec.max(0, exact.toDecimalPlaces(CASH_FUND_UNIT_PLACES, Dec.ROUND_HALF_UP));
  return { exact, paid, carry: exact.minus(paid) };
}

/** The units a holder earns on for a day: those held from its start to its end. */
export function yieldBasis(unitsAtStart: Dec, unitsAtEnd: Dec): Dec {
  return Dec.max(0, Dec.min(unitsAtStart, unitsAtEnd));
}

/** The 7-day annualised yield in percent from the last (up to) seven days' income per 10,000 units. */
export function sevenDayAnnualisedYield(yieldsPer10k: readonly Dec[]): Dec {
  const days = yieldsPer10k.slice(-7);
  if (days.length === 0) return new Dec(0);
  const growth = days.reduce((product, r) => product.times(r.div(10_000).plus(1)), new Dec(1));
  return growth
    .pow(new Dec(365).div(days.length))
    .minus(1)
    .times(100)
    .toDecimalPlaces(ANNUALISED_YIELD_PLACES, Dec.ROUND_HALF_UP);
}

/** The calendar days after `after` up to and including `through`, in order; none when through ≤ after. */
export function daysAfter(after: string, through: string): string[] {
  const days: string[] = [];
  for (let day = addDays(after, 1); day <= through; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The calendar day before `date`. */
export const dayBefore = (date: string) => addDays(date, -1);
