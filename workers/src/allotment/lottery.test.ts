import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceWinners, tailTable } from './bruteForce.ts';
import { compileTails, drawWinningTails, seededIndex, winnersInRange } from './lottery.ts';

/** Consecutive ranges in subscription order, one number per unit: what the batch's SQL computes. */
function numberRanges(units: readonly number[], firstNumber: number): { start: number; count: number }[] {
  let next = firstNumber;
  return units.map((count) => {
    const range = { start: next, count };
    next += count;
    return range;
  });
}

const isSuffixOfAnother = (tails: readonly string[]) =>
  tails.some((a, i) => tails.some((b, j) => i !== j && b.endsWith(a)));

describe('the draw', () => {
  it('draws as many k-digit tails as the win rate has in its k-th decimal', () => {
    // Numbers 1..100 (3 digits wide), 25 units on offer: rate 0.250 → two 1-digit tails, five
    // 2-digit ones, none of 3 digits. In 1..100 every final digit occurs 10 times (0: 10..100)
    // and every 2-digit ending once (00: 100), so 2 × 10 + 5 × 1 = 25 win with no trimming.
    const draw = drawWinningTails({
      seed: 'hand-worked',
      firstNumber: 1,
      totalNumbers: 100,
      unitsOffered: 25,
    });
    expect(draw.tails.map((t) => t.length)).toEqual([1, 1, 2, 2, 2, 2, 2]);
    expect(draw.winningNumbers).toBe(25);
    expect(isSuffixOfAnother(draw.tails)).toBe(false);
    expect(winnersInRange(compileTails(draw.tails), 1, 100)).toBe(25);
  });

  it('lets every number win when the issue is undersubscribed', () => {
    const draw = drawWinningTails({
      seed: 's',
      firstNumber: 100_000_001,
      totalNumbers: 700,
      unitsOffered: 700,
    });
    expect(draw).toEqual({ tails: [''], winningNumbers: 700 });
    expect(winnersInRange(compileTails(draw.tails), 100_000_351, 40)).toBe(40);
  });

  it('draws nothing when nobody subscribed', () => {
    expect(drawWinningTails({ seed: 's', firstNumber: 1, totalNumbers: 0, unitsOffered: 10 })).toEqual({
      tails: [],
      winningNumbers: 0,
    });
  });

  it('is a function of the seed', () => {
    const input = { seed: 'abc', firstNumber: 100_000_001, totalNumbers: 123_457, unitsOffered: 3_001 };
    expect(drawWinningTails(input)).toEqual(drawWinningTails({ ...input }));
    expect(drawWinningTails(input).tails).not.toEqual(drawWinningTails({ ...input, seed: 'abd' }).tails);
  });

  it('hits the offer exactly on a popular issue', () => {
    // 150 million numbers for 60,000 units: rate 0.0004, so tails start at four digits.
    const draw = drawWinningTails({
      seed: 'popular',
      firstNumber: 100_000_001,
      totalNumbers: 150_000_000,
      unitsOffered: 60_000,
    });
    expect(draw.winningNumbers).toBe(60_000);
    expect(winnersInRange(compileTails(draw.tails), 100_000_001, 150_000_000)).toBe(60_000);
    expect(Math.min(...draw.tails.map((t) => t.length))).toBe(4);
    expect(isSuffixOfAnother(draw.tails)).toBe(false);
  });

  it('counts a range the same arithmetically and number by number', () => {
    const tails = ['3', '17', '905', '000'];
    // 1..2000: ending 3 → 200; 17 → 20 minus none ending in 3 = 20; 905 → 2; 000 → 1000 and 2000 = 2
    expect(winnersInRange(compileTails(tails), 1, 2000)).toBe(224);
    expect(bruteForceWinners(tailTable(tails), 1, 2000)).toEqual({ won: 224, doubleMatches: 0 });
  });
});

describe('fairness over many seeded draws', () => {
  /**
   * Every number of a small issue wins at the issue's rate. Over D draws a number's wins are
   * binomial(D, r), so its share has standard deviation σ = √(r(1 − r)/D); each number must lie
   * within 4.5σ of r. For one number a miss by chance is p ≈ 7·10⁻⁶ (two-sided normal tail), so
   * for all 25 numbers under 2·10⁻⁴; the seeds are fixed, so the outcome is the same every run.
   * Trimming surplus winners by their place in the range (the highest first) made the last five
   * numbers win 6-7% less often than r (about 8σ here) and the first five 3-5% more.
   */
  it('gives each of 25 numbers its 10 / 25 chance', { timeout: 60_000 }, () => {
    const [totalNumbers, unitsOffered, draws] = [25, 10, 20_000];
    const firstNumber = 100_000_001;
    const wins = Array.from({ length: totalNumbers }, () => 0);
    for (let d = 0; d < draws; d++) {
      const { tails } = drawWinningTails({ seed: `fair/${d}`, firstNumber, totalNumbers, unitsOffered });
      const compiled = compileTails(tails);
      for (let i = 0; i < totalNumbers; i++) wins[i]! += winnersInRange(compiled, firstNumber + i, 1);
    }
    const rate = unitsOffered / totalNumbers;
    const sigma = Math.sqrt((rate * (1 - rate)) / draws);
    const outliers = wins
      .map((won, i) => ({ number: firstNumber + i, share: won / draws }))
      .filter(({ share }) => Math.abs(share - rate) > 4.5 * sigma);
    expect(outliers).toEqual([]);
  });
});

describe('draws stored before the fair trim', () => {
  it('are redrawn the old way under method 1, so verify still checks them', () => {
    const input = { seed: 'fair/1', firstNumber: 100_000_001, totalNumbers: 25, unitsOffered: 10 };
    // The tails this seed drew before method 2 (the trim split tail 8 and dropped 100000018).
    expect(drawWinningTails({ ...input, method: 1 })).toEqual({
      tails: ['2', '3', '5', '08', '000000018'],
      winningNumbers: 10,
    });
    const now = drawWinningTails(input);
    expect(now.tails).not.toEqual(['2', '3', '5', '08', '000000018']);
    expect(winnersInRange(compileTails(now.tails), 100_000_001, 25)).toBe(10);
  });
});

describe('seeded indices', () => {
  it('are stable and in range', () => {
    expect(seededIndex('seed', 'x', 10)).toBe(seededIndex('seed', 'x', 10));
    const counts = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 5_000; i++) counts[seededIndex('seed', `draw/${i}`, 10)]! += 1;
    // 500 expected per digit; ±100 is more than 4.7 standard deviations
    for (const c of counts) expect(Math.abs(c - 500)).toBeLessThan(100);
  });
});

describe('batch and brute-force verification on 1,000 seeds', () => {
  it('agree subscription by subscription, and the winners are exactly the offer', () => {
    const issue = fc.record({
      seed: fc.string({ minLength: 1, maxLength: 32 }),
      units: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 150 }),
      firstNumber: fc.constantFrom(1, 100_000_001, 999_999_990),
      offerShare: fc.double({ min: 0.001, max: 1.3, noNaN: true }),
    });
    fc.assert(
      fc.property(issue, ({ seed, units, firstNumber, offerShare }) => {
        const totalNumbers = units.reduce((a, b) => a + b, 0);
        const unitsOffered = Math.max(1, Math.round(totalNumbers * offerShare));
        const draw = drawWinningTails({ seed, firstNumber, totalNumbers, unitsOffered });
        const compiled = compileTails(draw.tails);
        const table = tailTable(draw.tails);
        let batchTotal = 0;
        for (const { start, count } of numberRanges(units, firstNumber)) {
          const batch = winnersInRange(compiled, start, count);
          const verify = bruteForceWinners(table, start, count);
          expect(verify).toEqual({ won: batch, doubleMatches: 0 });
          batchTotal += batch;
        }
        const expected = Math.min(unitsOffered, totalNumbers);
        expect(batchTotal).toBe(expected);
        expect(draw.winningNumbers).toBe(expected);
        expect(isSuffixOfAnother(draw.tails)).toBe(false);
      }),
      { numRuns: 1_000, seed: 20_260_707 },
    );
  });
});
