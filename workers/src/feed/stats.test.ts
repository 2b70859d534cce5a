import { beforeAll, describe, expect, it } from 'vitest';
import { runStylisedFacts, type StylisedFacts } from './stats.ts';

describe('stylised facts of the simulated market', () => {
  let facts: StylisedFacts;
  beforeAll(() => {
    // A reduced run: 2,000 names over three days on a 6 s grid (the defaults: 5,000, five days, 3 s).
    facts = runStylisedFacts({ seed: 42, days: 3, universeSize: 2000, gridMs: 6000 });
  }, 30_000);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  it('has fat-tailed 1-minute returns', () => {
    expect(facts.minuteReturns).toBeGreaterThan(1_000_000);
    expect(facts.excessKurtosis).toBeGreaterThan(3);
  });

  it('clusters volatility: |r| autocorrelation positive at every lag and decaying slowly', () => {
    const acf = facts.absReturnAutocorrelation;
    expect(acf).toHaveLength(10);
    for (const rho of acf) expect(rho).toBeGreaterThan(0.02);
    expect(acf[0]!).toBeGreaterThan(acf[9]!);
    // Slow: lag 10 keeps a good part of lag 1 (an AR(1) with this lag 1 would keep almost nothing).
    expect(acf[9]! / acf[0]!).toBeGreaterThan(0.25);
  });

  it('trades a U-shaped day: the first and last half hours outweigh every one between', () => {
    const shares = facts.volumeShareByHalfHour;
    const middle = shares.slice(1, 7);
    expect(shares[0]!).toBeGreaterThan(1.5 * Math.max(...middle));
    expect(shares[7]!).toBeGreaterThan(1.5 * Math.max(...middle));
    expect(mean(shares)).toBeCloseTo(1 / 8, 5);
  });

  it('closes an ordinary day with ~0.5–2% of names at limit-up and fewer at limit-down', () => {
    expect(facts.days).toHaveLength(3);
    const up = mean(facts.days.map((d) => d.closedUp));
    const down = mean(facts.days.map((d) => d.closedDown));
    expect(up).toBeGreaterThan(0.004);
    expect(up).toBeLessThan(0.025);
    expect(down).toBeLessThan(up);
    for (const d of facts.days) expect(d.touchedUp).toBeGreaterThanOrEqual(d.closedUp);
  });
});
