import { describe, expect, it } from 'vitest';
import { Rng } from './rng.ts';

const draws = (rng: Rng, n: number, draw: (r: Rng) => number) => Array.from({ length: n }, () => draw(rng));

describe('Rng', () => {
  it('repeats a stream for a seed and differs across seeds', () => {
    expect(draws(new Rng(42), 5, (r) => r.nextU32())).toEqual(draws(new Rng(42), 5, (r) => r.nextU32()));
    expect(draws(new Rng(42), 5, (r) => r.nextU32())).not.toEqual(draws(new Rng(43), 5, (r) => r.nextU32()));
  });

  it('forks by label, independent of what the parent drew', () => {
    const a = new Rng('s');
    const b = new Rng('s');
    b.uniform();
    expect(a.fork('x').nextU32()).toBe(b.fork('x').nextU32());
    expect(a.fork('x').nextU32()).not.toBe(a.fork('y').nextU32());
  });

  it('draws uniforms in [0, 1) and unit-variance normals and Student-t', () => {
    const rng = new Rng(7);
    const u = draws(rng, 20_000, (r) => r.uniform());
    expect(Math.min(...u)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...u)).toBeLessThan(1);
    for (const sample of [draws(rng, 50_000, (r) => r.normal()), draws(rng, 50_000, (r) => r.studentT(5))]) {
      const mean = sample.reduce((a, b) => a + b, 0) / sample.length;
      const variance = sample.reduce((a, b) => a + (b - mean) ** 2, 0) / sample.length;
      expect(Math.abs(mean)).toBeLessThan(0.03);
      expect(variance).toBeGreaterThan(0.9);
      expect(variance).toBeLessThan(1.1);
    }
  });

  it('gives Student-t fatter tails than the normal', () => {
    const rng = new Rng(9);
    const beyond = (sample: number[]) => sample.filter((x) => Math.abs(x) > 4).length;
    expect(beyond(draws(rng, 100_000, (r) => r.studentT(4)))).toBeGreaterThan(
      5 * beyond(draws(rng, 100_000, (r) => r.normal())),
    );
  });
});
