/**
 * The new-share lottery (摇号), as the exchanges run it: every 500-share unit subscribed gets one
 * lottery number, numbers are consecutive in subscription order, and the draw publishes winning
 * tails (末位数): a number wins when its last k digits equal a k-digit tail. Pure: the tails
 * follow from the seed published (as its SHA-256) before the draw, so anyone holding the seed and
 * the subscription list recomputes the winners. Construction and its guarantees: README.md here.
 */
import { createHmac } from 'node:crypto';

export interface DrawInput {
  /** The draw's seed, revealed at the draw; its SHA-256 was published before. */
  seed: string;
  /** The first lottery number; the numbers are firstNumber … firstNumber + totalNumbers − 1. */
  firstNumber: number;
  /** One number per unit subscribed. */
  totalNumbers: number;
  /** Units (500 shares each) on offer online. */
  unitsOffered: number;
  /** How surplus winners are trimmed (DRAW_METHOD unless redrawing an older draw). */
  method?: DrawMethod;
}

/**
 * 2: surplus winners are trimmed one at a time, each drawn from the seed among all the winners.
 * 1: draws stored before that (ipo_draws.method), trimmed from the last tail down, which took
 * the highest-numbered endings first and so favoured early subscribers; kept only so that
 * `verify` can still redraw those draws.
 */
export type DrawMethod = 1 | 2;
export const DRAW_METHOD: DrawMethod = 2;

export interface Draw {
  /**
   * The winning tails, shortest first then in digit order; '' (every number wins) when the
   * issue is undersubscribed. No tail is a suffix of another, so no number wins twice.
   */
  tails: string[];
  /** Winning numbers in the range: exactly min(unitsOffered, totalNumbers). */
  winningNumbers: number;
}

/** How many n in [0, upTo) have n mod modulus = residue. */
function countBelow(upTo: number, residue: number, modulus: number): number {
  return upTo > residue ? Math.floor((upTo - 1 - residue) / modulus) + 1 : 0;
}

/** Tails grouped by length, ready for counting: the batch's hot loop. */
export interface CompiledTails {
  groups: { modulus: number; residues: number[] }[];
}

export function compileTails(tails: readonly string[]): CompiledTails {
  const byLength = new Map<number, number[]>();
  for (const tail of tails) {
    const residues = byLength.get(tail.length) ?? [];
    residues.push(tail === '' ? 0 : Number(tail));
    byLength.set(tail.length, residues);
  }
  return {
    groups: [...byLength].map(([length, residues]) => ({ modulus: 10 ** length, residues })),
  };
}

/** Winning numbers among start … start + count − 1: O(tails), whatever the count. */
export function winnersInRange(tails: CompiledTails, start: number, count: number): number {
  let won = 0;
  const end = start + count;
  for (const { modulus, residues } of tails.groups) {
    for (const residue of residues)
      won += countBelow(end, residue, modulus) - countBelow(start, residue, modulus);
  }
  return won;
}

/**
 * Uniform integers from the seed: HMAC-SHA256(seed, label#attempt), 64 bits, rejection-sampled so
 * every value in [0, n) is exactly as likely. The same seed and label always give the same value.
 */
export function seededIndex(seed: string, label: string, n: number): number {
  if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`no uniform index below ${n}`);
  const range = BigInt(n);
  const limit = 2n ** 64n - (2n ** 64n % range);
  for (let attempt = 0; ; attempt++) {
    const value = createHmac('sha256', seed).update(`${label}#${attempt}`).digest().readBigUInt64BE(0);
    if (value < limit) return Number(value % range);
  }
}

/**
 * The k-digit endings still open at each length: those with no chosen tail as a suffix. At
 * length k the candidates are every digit in front of an open (k−1)-digit ending, numbered
 * openIndex × 10 + digit; the chosen ones are kept as those candidate numbers, sorted.
 */
class OpenEndings {
  private readonly chosen: number[][] = [[]];
  private readonly openCounts: number[] = [1];

  candidates(length: number): number {
    return 10 * this.openCounts[length - 1]!;
  }

  /** Chooses tails at a new length (one past the last) by candidate number; returns them. */
  choose(length: number, candidateNumbers: number[]): string[] {
    const sorted = [...candidateNumbers].sort((a, b) => a - b);
    this.chosen[length] = sorted;
    this.openCounts[length] = this.candidates(length) - sorted.length;
    return candidateNumbers.map((c) => this.candidate(length, c));
  }

  private candidate(length: number, candidateNumber: number): string {
    return String(candidateNumber % 10) + this.open(length - 1, Math.floor(candidateNumber / 10));
  }

  /** The open ending of a length by its rank among the open ones: skip the chosen candidates. */
  private open(length: number, rank: number): string {
    if (length === 0) return '';
    let candidateNumber = rank;
    for (const taken of this.chosen[length]!) {
      if (taken > candidateNumber) break;
      candidateNumber++;
    }
    return this.candidate(length, candidateNumber);
  }
}

function winnersOf(tails: readonly string[], firstNumber: number, totalNumbers: number): number {
  return winnersInRange(compileTails(tails), firstNumber, totalNumbers);
}

/**
 * The n-th (from 0) number of the range that the tails win (`wins`) or do not: binary search on
 * the arithmetic count of such numbers.
 */
function nthNumber(
  tails: CompiledTails,
  firstNumber: number,
  totalNumbers: number,
  n: number,
  wins: boolean,
): number {
  let lo = firstNumber;
  let hi = firstNumber + totalNumbers - 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const upToMid = mid - firstNumber + 1;
    const winnersUpToMid = winnersInRange(tails, firstNumber, upToMid);
    if ((wins ? winnersUpToMid : upToMid - winnersUpToMid) > n) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The tails less one winning number: its tail is replaced by the other endings under it, one
 * digit longer at a time down to the full width (nine siblings a level, those winning nothing in
 * the range left out), so every other number keeps its outcome.
 */
function withoutNumber(
  tails: readonly string[],
  number: number,
  width: number,
  firstNumber: number,
  totalNumbers: number,
): string[] {
  const digits = String(number).padStart(width, '0');
  const tail = tails.find((t) => digits.endsWith(t))!;
  const rest = tails.filter((t) => t !== tail);
  for (let length = tail.length + 1; length <= width; length++) {
    const below = digits.slice(width - length + 1);
    for (let digit = 0; digit <= 9; digit++) {
      const sibling = `${digit}${below}`;
      if (sibling !== digits.slice(width - length) && winnersOf([sibling], firstNumber, totalNumbers) > 0)
        rest.push(sibling);
    }
  }
  return rest;
}

/**
 * Method 1's trim, in place: the last tail drawn goes if it wins nothing in the range; a shorter
 * one splits into its ten one-digit-longer endings and the last of those is looked at again.
 */
function trimFromLastTail(tails: string[], winners: number, input: DrawInput, width: number): number {
  let left = winners;
  while (left > input.unitsOffered) {
    const last = tails.pop()!;
    const lastWins = winnersOf([last], input.firstNumber, input.totalNumbers);
    if (lastWins > 0 && last.length < width) {
      for (let digit = 0; digit <= 9; digit++) tails.push(`${digit}${last}`);
    } else left -= lastWins;
  }
  return left;
}

const byLengthThenDigits = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

export function drawWinningTails(input: DrawInput): Draw {
  const { seed, firstNumber, totalNumbers, unitsOffered } = input;
  if (!Number.isSafeInteger(firstNumber) || firstNumber < 0) throw new RangeError('bad first number');
  if (!Number.isSafeInteger(totalNumbers) || totalNumbers < 0) throw new RangeError('bad number count');
  if (!Number.isSafeInteger(unitsOffered) || unitsOffered <= 0) throw new RangeError('nothing on offer');
  if (totalNumbers === 0) return { tails: [], winningNumbers: 0 };
  if (unitsOffered >= totalNumbers) return { tails: [''], winningNumbers: totalNumbers };

  // Every number has at most `width` digits, so a tail of that length is one number.
  const width = String(firstNumber + totalNumbers - 1).length;
  // The win rate's first `width` decimals: digit k is how many k-digit tails to draw.
  const rateDigits = ((BigInt(unitsOffered) * 10n ** BigInt(width)) / BigInt(totalNumbers))
    .toString()
    .padStart(width, '0');

  const endings = new OpenEndings();
  let tails: string[] = [];
  for (let length = 1; length <= width; length++) {
    const count = Number(rateDigits[length - 1]);
    const candidates = endings.candidates(length);
    const picked: number[] = [];
    for (let i = 0; picked.length < count; i++) {
      const c = seededIndex(seed, `tail/${length}/${i}`, candidates);
      if (!picked.includes(c)) picked.push(c);
    }
    tails.push(...endings.choose(length, picked));
  }

  // Whole blocks of 10^k numbers hold each ending equally; the range's ragged ends do not, so
  // the count can miss the offer by a few. Either way the correction is a number drawn from the
  // seed, uniformly among those it may change: a surplus winner loses (never by its place in the
  // range, which would favour the early subscribers), a missing winner is a loser that wins.
  let winners = winnersOf(tails, firstNumber, totalNumbers);
  if ((input.method ?? DRAW_METHOD) === 1) winners = trimFromLastTail(tails, winners, input, width);
  for (let i = 0; winners > unitsOffered; i++) {
    const rank = seededIndex(seed, `trim/${i}`, winners);
    const number = nthNumber(compileTails(tails), firstNumber, totalNumbers, rank, true);
    tails = withoutNumber(tails, number, width, firstNumber, totalNumbers);
    winners--;
  }
  for (let i = 0; winners < unitsOffered; i++) {
    const rank = seededIndex(seed, `top-up/${i}`, totalNumbers - winners);
    const number = nthNumber(compileTails(tails), firstNumber, totalNumbers, rank, false);
    tails.push(String(number).padStart(width, '0'));
    winners++;
  }
  return { tails: tails.sort(byLengthThenDigits), winningNumbers: winners };
}
