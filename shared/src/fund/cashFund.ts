/**
 * The cash fund: a money-market fund the user moves cash into and out of. Its price (NAV) is
 * fixed at 1.0000, so one unit is one yuan and units are counted to the cent. Each calendar day
 * the fund earns an income per 10,000 units (万份收益), paid to holders as new units.
 *
 * Rounding, written down once:
 * - A holder's basis for day D is the units held through the whole of D: the smaller of the
 *   units at the start of D and at its end (before D's yield). A subscription counts as held
 *   from the start of its confirmation day (below); units sold on D earn nothing for D.
 * - exact = basis × yieldPer10k / 10,000 + the holder's carried remainder; the holder is paid
 *   exact rounded half-up to the cent (never less than zero), and exact − paid is carried to the
 *   next day. The carry stays within half a cent, so over any run of days the sum paid is the
 *   sum earned to within half a cent, whatever the holding's size.
 * - A subscription is an application of its trading day (one made after the 15:00 close, or on
 *   a day without trading, belongs to the next trading day), confirmed on the trading day after
 *   it (T+1); its units earn from the confirmation day (confirmationDate). Bought on a Friday,
 *   they earn from Monday, not over the weekend.
 * - Redemption to cash at once (T+0) is capped per user per calendar day (fastRedemptionCap); the
 *   rest of a redemption is paid on the confirmation day of its application, like a normal
 *   redemption (T+1). Both leave the holding, and stop earning, on the day they are asked for.
 * - The 7-day annualised yield is the CSRC formula for funds that carry income forward daily:
 *   ((1 + R₁/10,000) × … × (1 + R₇/10,000))^(365/7) − 1, in percent, rounded half-up to three
 *   decimals; over the n < 7 days of a young fund, the exponent is 365/n.
 */
import { Dec } from '../money.ts';
import { exchangeCalendar, type TradingCalendar } from '../rules/calendar.ts';
import { addDays } from '../rules/dates.ts';
import type { MarketPhase } from '../rules/sessions.ts';
import { inForce, type Versioned } from '../rules/versioned.ts';

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

/** The cash fund's rules by the date they took effect; sources in docs/domain-rules.md. */
export interface CashFundRules extends Versioned {
  /** Redemption paid to cash at once (T+0), per investor, per fund, per calendar day, CNY. */
  readonly fastRedemptionCapPerDay: string;
}

export const CASH_FUND_RULES: readonly CashFundRules[] = [
  // CSRC and PBoC announcement [2018] No. 10 on money-market fund internet sales and T+0 redemption.
  { effectiveFrom: '2018-06-01', fastRedemptionCapPerDay: '10000.00' },
];

/** The T+0 redemption cap of a calendar day. */
export const fastRedemptionCap = (date: string): Dec =>
  new Dec(inForce(CASH_FUND_RULES, date, 'cash fund').fastRedemptionCapPerDay);

/** Phases after the 15:00 close: an application then belongs to the next trading day. */
const AFTER_CUTOFF: readonly MarketPhase[] = ['postClose', 'afterHoursFixed', 'closed'];

/**
 * The confirmation day of an application made on `date` in `phase`: the trading day after the
 * application's trading day (the next trading day's when made after the close or on a closed day).
 */
export function confirmationDate(
  date: string,
  phase: MarketPhase,
  calendar: TradingCalendar = exchangeCalendar,
): string {
  const applied =
    calendar.isTradingDay(date) && !AFTER_CUTOFF.includes(phase) ? date : calendar.nextTradingDay(date);
  return calendar.nextTradingDay(applied);
}

/**
 * A redemption split into what is paid at once (up to what is left of the day's T+0 cap after
 * `fastUsed`) and what is paid on the confirmation day.
 */
export function splitRedemption(amount: Dec, fastUsed: Dec, cap: Dec): { fast: Dec; deferred: Dec } {
  const fast = Dec.min(amount, Dec.max(0, cap.minus(fastUsed)));
  return { fast, deferred: amount.minus(fast) };
}
