import { Dec } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { fillOf } from '../../test/tradingFixtures.ts';
import { pnlHistory, positionLives } from './pnlHistory.ts';

// 300 bought on the 6th at 10.00: 3000.00 + 5.00 commission + 0.03 transfer fee = 3005.03 of cost.
const buy = fillOf(1, {
  side: 'buy',
  price: '10.000',
  quantity: 300,
  amount: '3000.00',
  commission: '5.00',
  transferFee: '0.03',
  tradingDate: '2026-07-06',
  createdAt: '2026-07-06T02:00:00.000Z',
});
// 100 sold on the 8th at 11.00: 1100.00 − 5.00 − 0.55 stamp duty − 0.01 = 1094.44; cost out 3005.03 / 3 = 1001.68.
const sell = fillOf(2, {
  side: 'sell',
  price: '11.000',
  quantity: 100,
  amount: '1100.00',
  commission: '5.00',
  stampDuty: '0.55',
  transferFee: '0.01',
  tradingDate: '2026-07-08',
  createdAt: '2026-07-08T02:00:00.000Z',
});

const closes = new Map([
  ['2026-07-03', new Dec('9.00')],
  ['2026-07-06', new Dec('10.10')],
  ['2026-07-07', new Dec('10.50')],
  ['2026-07-08', new Dec('10.80')],
]);

const table = (points: ReturnType<typeof pnlHistory>) => points.map((p) => [p.date, p.pnl.toFixed(2)]);

describe('pnlHistory', () => {
  it('values the holding at each close from the first fill, and today at the live price', () => {
    expect(table(pnlHistory([sell, buy], closes, { date: '2026-07-09', price: new Dec('10.90') }))).toEqual([
      // the close before the first fill: nothing held yet
      ['2026-07-03', '0.00'],
      // 300 × 10.10 − 3005.03
      ['2026-07-06', '24.97'],
      // 300 × 10.50 − 3005.03
      ['2026-07-07', '144.97'],
      // realised 1094.44 − 1001.68 = 92.76; 200 × 10.80 − 2003.35 = 156.65
      ['2026-07-08', '249.41'],
      // 92.76 + 200 × 10.90 − 2003.35
      ['2026-07-09', '269.41'],
    ]);
  });

  it('uses the fill price on a day without a close, and the close when there is no live price', () => {
    expect(table(pnlHistory([buy], new Map(), { date: '2026-07-06', price: null }))).toEqual([
      ['2026-07-06', '-5.03'],
    ]);
    expect(table(pnlHistory([buy], closes, { date: '2026-07-07', price: null })).at(-1)).toEqual([
      '2026-07-07',
      '144.97',
    ]);
  });

  it('is empty without fills', () => {
    expect(pnlHistory([], closes, { date: '2026-07-09', price: null })).toEqual([]);
  });
});

describe('positionLives', () => {
  it('cuts the fills where the holding is sold out; the open position is the last', () => {
    const rest = fillOf(3, {
      side: 'sell',
      quantity: 200,
      tradingDate: '2026-07-09',
      createdAt: '2026-07-09T02:00:00.000Z',
    });
    const again = fillOf(4, {
      side: 'buy',
      quantity: 100,
      tradingDate: '2026-07-09',
      createdAt: '2026-07-09T03:00:00.000Z',
    });
    const lives = positionLives([again, rest, sell, buy]);
    expect(lives.map((l) => [l.fills.map((f) => f.id), l.closedOn])).toEqual([
      [[buy.id, sell.id, rest.id], '2026-07-09'],
      [[again.id], null],
    ]);
  });

  it('is nothing without fills', () => {
    expect(positionLives([])).toEqual([]);
  });
});
