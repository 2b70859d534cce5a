import { describe, expect, it } from 'vitest';
import { simulatedEps } from './fundamentals.ts';
import { generateUniverse } from './universe.ts';

describe('simulatedEps', () => {
  const { listings } = generateUniverse({ seed: 'fundamentals-test', size: 2000 });

  it('is the same for a symbol whatever else is drawn', () => {
    const listing = listings[7]!;
    expect(simulatedEps(listing)).toBe(simulatedEps({ ...listing }));
    expect(simulatedEps(listing)).toMatch(/^-?\d+\.\d{4}$/);
  });

  it('gives P/Es like the market: a median in the twenties to forties, banks low, some losses', () => {
    const pe = (l: (typeof listings)[number]) => l.prevCloseCents / 100 / Number(simulatedEps(l));
    const profitable = listings.filter((l) => Number(simulatedEps(l)) > 0);
    const losses = listings.length - profitable.length;
    expect(losses / listings.length).toBeGreaterThan(0.05);
    expect(losses / listings.length).toBeLessThan(0.25);
    const sorted = profitable.map(pe).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(median).toBeGreaterThan(18);
    expect(median).toBeLessThan(45);
    const banks = profitable.filter((l) => l.sector === 'bank').map(pe);
    expect(Math.max(...banks)).toBeLessThan(30);
    expect(listings.every((l) => Number(simulatedEps(l)) !== 0)).toBe(true);
  });
});
