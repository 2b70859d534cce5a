/** Calendar dates are plain `YYYY-MM-DD` strings: they compare correctly as strings and carry no time zone. */

const DAY_MS = 86_400_000;
// Asia/Shanghai has been UTC+8 all year since 1991 (no DST), so an offset is exact and needs no Intl.
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDate(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** Midnight UTC of a date; throws on anything that is not a real YYYY-MM-DD date (2026-02-30 too). */
function utcMidnight(date: string): number {
  const match = ISO_DATE.exec(date);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms) || isoDate(ms) !== date)
    throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return ms;
}

export function assertIsoDate(date: string): void {
  utcMidnight(date);
}

export function addDays(date: string, days: number): string {
  return isoDate(utcMidnight(date) + days * DAY_MS);
}

/** Calendar months; a day past the end of the target month rolls over (2024-02-29 + 12 → 2025-03-01). */
export function addMonths(date: string, months: number): string {
  const d = new Date(utcMidnight(date));
  return isoDate(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

function shanghaiMs(instant: number | Date): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('not a valid instant');
  return ms + SHANGHAI_OFFSET_MS;
}

/** The calendar date in Asia/Shanghai of an instant (ms since the epoch or a Date). */
export function shanghaiDate(instant: number | Date): string {
  return isoDate(shanghaiMs(instant));
}

/** Minutes since midnight in Asia/Shanghai, 0..1439. */
export function shanghaiMinuteOfDay(instant: number | Date): number {
  const ms = shanghaiMs(instant);
  return Math.floor((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
}
