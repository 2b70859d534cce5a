import { assertIsoDate } from './dates.ts';

/** One version of a rule: it applies from `effectiveFrom` (YYYY-MM-DD) until the next version's date. */
export interface Versioned {
  readonly effectiveFrom: string;
}

/**
 * The version in force on a trading date: the latest one whose `effectiveFrom` is on or before it.
 * Tables list versions oldest first (a test checks every table). Throws before the first version:
 * we do not guess rules we have not encoded.
 */
export function inForce<T extends Versioned>(versions: readonly T[], date: string, rule: string): T {
  assertIsoDate(date);
  const version = versions.findLast((v) => v.effectiveFrom <= date);
  if (!version) throw new RangeError(`no ${rule} rule encoded for ${date}`);
  return version;
}
