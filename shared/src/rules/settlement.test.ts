import { describe, expect, it } from 'vitest';
import { cashWithdrawableFrom, sellableFrom } from './settlement.ts';

describe('T+1 settlement', () => {
  it.each([
    ['2026-07-06', '2026-07-07'],
    ['2026-07-03', '2026-07-06'], // bought Friday, sellable Monday
    ['2026-09-30', '2026-10-08'], // across National Day
  ])('shares bought %s are sellable from %s', (buyDate, expected) => {
    expect(sellableFrom(buyDate)).toBe(expected);
  });

  it('sale cash is withdrawable the next trading day', () => {
    expect(cashWithdrawableFrom('2026-02-13')).toBe('2026-02-24');
  });
});
