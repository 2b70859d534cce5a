import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import { costOfSale, type PositionFigures, valuePosition } from './positionValue.ts';

const held = (overrides: Partial<PositionFigures> = {}): PositionFigures => ({
  quantity: 300,
  cost: new Dec('3015.03'),
  dayOpenQuantity: 300,
  dayBuyAmount: new Dec(0),
  daySellAmount: new Dec(0),
  dayFees: new Dec(0),
  ...overrides,
});
const str = (v: ReturnType<typeof valuePosition>) =>
  [v.marketValue, v.floatingPnl, v.todayPnl, v.averageCost].map((d) => d.toString());

describe('valuePosition', () => {
  it('values a holding kept overnight', () => {
    // 300 × 10.20 = 3060.00; − 3015.03; today 3060.00 − 300 × 10.05; average 3015.03 / 300 = 10.0501 → 10.05
    expect(str(valuePosition(held(), new Dec('10.20'), new Dec('10.05')))).toEqual([
      '3060',
      '44.97',
      '45',
      '10.05',
    ]);
  });

  it("counts today's buys at their price and fees, not at the previous close", () => {
    // 100 bought today for 1001.00 + 5.01: worth 1000.00 at 10.00 → −6.01 today
    const today = held({
      quantity: 100,
      cost: new Dec('1006.01'),
      dayOpenQuantity: 0,
      dayBuyAmount: new Dec('1001'),
      dayFees: new Dec('5.01'),
    });
    expect(str(valuePosition(today, new Dec('10.00'), new Dec('10.00')))).toEqual([
      '1000',
      '-6.01',
      '-6.01',
      '10.06',
    ]);
  });

  it("counts today's sells: 300 held, 100 sold at 10.50 with 5.53 fees", () => {
    // 200 × 10.40 = 2080.00 − 300 × 10.00 + 1050.00 − 5.53 = 124.47
    const after = held({
      quantity: 200,
      cost: new Dec('2010.02'),
      daySellAmount: new Dec('1050'),
      dayFees: new Dec('5.53'),
    });
    expect(str(valuePosition(after, new Dec('10.40'), new Dec('10.00')))[2]).toBe('124.47');
  });

  it('values at cost without a quote', () => {
    expect(str(valuePosition(held(), null, null))).toEqual(['3015.03', '0', '0', '10.05']);
  });
});

describe('costOfSale', () => {
  it('takes cost pro rata, rounded to the cent, and all that is left with the last share', () => {
    // 3015.03 × 100 / 300 = 1005.01
    expect(costOfSale({ quantity: 300, cost: new Dec('3015.03') }, 100).toFixed(2)).toBe('1005.01');
    expect(costOfSale({ quantity: 200, cost: new Dec('2010.02') }, 200).toFixed(2)).toBe('2010.02');
  });
});
