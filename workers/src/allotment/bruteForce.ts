/**
 * The verifier's way to find winners, deliberately unlike the batch's: write out every lottery
 * number and compare its last digits with each published tail. Slow (one step per number) and
 * obviously right, which is the point.
 */

export interface BruteForceTally {
  /** Winning numbers in the range. */
  won: number;
  /** Numbers that matched more than one tail: a draw that double-counts (must be zero). */
  doubleMatches: number;
}

export interface TailTable {
  /** Tail lengths present, each with its tails. */
  byLength: { length: number; tails: ReadonlySet<string> }[];
  longest: number;
}

export function tailTable(tails: readonly string[]): TailTable {
  const sets = new Map<number, Set<string>>();
  for (const tail of tails) {
    const set = sets.get(tail.length) ?? new Set<string>();
    set.add(tail);
    sets.set(tail.length, set);
  }
  const byLength = [...sets].map(([length, set]) => ({ length, tails: set }));
  return { byLength, longest: Math.max(0, ...byLength.map((b) => b.length)) };
}

/** Looks at every number firstNumber … firstNumber + count − 1. */
export function bruteForceWinners(table: TailTable, firstNumber: number, count: number): BruteForceTally {
  let won = 0;
  let doubleMatches = 0;
  for (let n = firstNumber; n < firstNumber + count; n++) {
    const digits = String(n).padStart(table.longest, '0');
    let matches = 0;
    for (const { length, tails } of table.byLength) {
      if (tails.has(length === 0 ? '' : digits.slice(-length))) matches++;
    }
    if (matches > 0) won++;
    if (matches > 1) doubleMatches++;
  }
  return { won, doubleMatches };
}
