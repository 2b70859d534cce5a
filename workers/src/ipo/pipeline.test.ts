import { classifySymbol, Dec } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { issuesOn, type PipelineMarket, planIssue } from './pipeline.ts';

const market = (
  codes: Iterable<string> = [],
  medians: Partial<Record<string, string>> = {},
): PipelineMarket => ({
  codes: new Set(codes),
  names: new Set(['恒瑞药业']),
  medianPrice: (board) => (medians[board] ? new Dec(medians[board]) : undefined),
});

describe('the IPO pipeline', () => {
  it('plans issues shaped like real ones, the same for the same slot', () => {
    const slots = Array.from(
      { length: 200 },
      (_, i) => `2026-07-${String(10 + (i % 20)).padStart(2, '0')}/${i}`,
    );
    const planned = slots.map(
      (slot) => planIssue(slot, market([], { main: '9.00', chinext: '20.00', star: '30.00' }))!,
    );
    for (const issue of planned) {
      const cls = classifySymbol(issue.code);
      expect(cls).toMatchObject({ kind: 'stock', simulated: true });
      expect(issue.code).toMatch(/^(607|609|005|007|304|687)\d{3}$/);
      expect(issue.name).toMatch(/^\p{Script=Han}{4}$/u);
      expect(issue.name).not.toBe('恒瑞药业');
      expect(Number(issue.price)).toBeGreaterThanOrEqual(3);
      expect(Number(issue.price)).toBeLessThanOrEqual(200);
      expect(issue.onlineShares % 500).toBe(0);
      expect(issue.onlineShares).toBeGreaterThanOrEqual(3_000_000);
    }
    // Priced from the board's going rate: STAR issues dearer than main-board ones on the whole.
    const median = (board: string) => {
      const prices = planned
        .filter((p) => classifySymbol(p.code)?.board === board)
        .map((p) => Number(p.price));
      return prices.sort((a, b) => a - b)[Math.floor(prices.length / 2)]!;
    };
    expect(median('star')).toBeGreaterThan(median('main'));
    expect(planIssue(slots[0]!, market())).toEqual(planIssue(slots[0]!, market()));
  });

  it('never takes a code already used; a full board hands its slot to one with codes left', () => {
    const full = (prefixes: string[]) =>
      prefixes.flatMap((p) => Array.from({ length: 1000 }, (_, n) => p + String(n).padStart(3, '0')));
    const taken = full(['607', '609', '005', '007', '304']);
    // Every slot still gets an issue, whatever board it drew: a trading day is never without one.
    for (let day = 10; day < 30; day++) {
      expect(planIssue(`2026-07-${day}/0`, market(taken))?.code).toMatch(/^687\d{3}$/);
    }
    expect(planIssue('2026-07-10/0', market([...taken, ...full(['687'])]))).toBeUndefined();
  });

  it('has one or two issues a trading day', () => {
    const counts = Array.from({ length: 60 }, (_, i) =>
      issuesOn(`2026-08-${String(1 + (i % 28)).padStart(2, '0')}-${i}`),
    );
    expect(new Set(counts)).toEqual(new Set([1, 2]));
  });
});
