import { randomUUID } from 'node:crypto';
import type { BlockOrderRow } from '@bourse/core/blockTrade';
import { describe, expect, it } from 'vitest';
import { simulatedCounterparties } from './counterparties.ts';

const orders = Array.from({ length: 2_000 }, () => ({ id: randomUUID() }) as BlockOrderRow);

describe('simulated counterparties', () => {
  it('answer each order the same way every time for a seed, and differently for another seed', () => {
    const answer = simulatedCounterparties({ seed: 's', confirmRate: 0.85 });
    const again = simulatedCounterparties({ seed: 's', confirmRate: 0.85 });
    const other = simulatedCounterparties({ seed: 't', confirmRate: 0.85 });
    expect(orders.map(answer)).toEqual(orders.map(again));
    expect(orders.map(answer)).not.toEqual(orders.map(other));
  });

  it('confirm about the configured share and refuse the rest with a reason', () => {
    const answers = orders.map(simulatedCounterparties({ seed: 'rate', confirmRate: 0.85 }));
    const settled = answers.filter((a) => a.status === 'settled').length / answers.length;
    // 2,000 draws: the share is within 0.05 of 0.85 far beyond any plausible chance.
    expect(Math.abs(settled - 0.85)).toBeLessThan(0.05);
    const reasons = new Set(answers.flatMap((a) => (a.status === 'refused' ? [a.reason] : [])));
    expect([...reasons].sort()).toEqual(['noCounterparty', 'priceNotAccepted']);
  });

  it('confirm everything at rate 1 and nothing at rate 0', () => {
    expect(
      orders.every((o) => simulatedCounterparties({ seed: 'x', confirmRate: 1 })(o).status === 'settled'),
    ).toBe(true);
    expect(
      orders.every((o) => simulatedCounterparties({ seed: 'x', confirmRate: 0 })(o).status === 'refused'),
    ).toBe(true);
  });
});
