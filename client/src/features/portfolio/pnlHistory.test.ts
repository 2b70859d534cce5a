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
  marketAt: '2026-07-06T02:00:00.000Z',
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
  marketAt: '2026-07-08T02:00:00.000Z',
});

const closes = new Map([
  ['2026-07-03', new Dec('9.00')],
  ['2026-07-06', new Dec('10.10')],
  ['2026-07-07', new Dec('10.50')],
  ['2026-07-08', new Dec('10.80')],
]);

/** Points as [Shanghai time, P&L]: 2026-07-06T02:00Z is 10:00 in Shanghai. */
const table = (points: ReturnType<typeof pnlHistory>) =>
  points.map((p) => [new Date(p.at + 8 * 3_600_000).toISOString().slice(0, 16), p.pnl.toFixed(2)]);

describe('pnlHistory', () => {
  it('starts at the first buy in market time, then values the holding after each fill, at each close and now', () => {
    const now = { date: '2026-07-09', price: new Dec('10.90'), at: Date.parse('2026-07-09T03:00:00Z') };
    expect(table(pnlHistory([sell, buy], closes, now))).toEqual([
      // bought at 10.00: 3000.00 − 3005.03, the fees (the close of the 3rd, before it, is not drawn)
      ['2026-07-06T10:00', '-5.03'],
      // 300 × 10.10 − 3005.03
      ['2026-07-06T15:00', '24.97'],
      // 300 × 10.50 − 3005.03
      ['2026-07-07T15:00', '144.97'],
      // sold at 11.00: realised 1094.44 − 1001.68 = 92.76; 200 × 11.00 − 2003.35 = 196.65
      ['2026-07-08T10:00', '289.41'],
      // 92.76 + 200 × 10.80 − 2003.35
      ['2026-07-08T15:00', '249.41'],
      // now, at the live price: 92.76 + 200 × 10.90 − 2003.35
      ['2026-07-09T11:00', '269.41'],
    ]);
  });

  it('uses the fill price on a day without a close, and the close when there is no live price', () => {
    const at = Date.parse('2026-07-06T02:30:00Z');
    expect(table(pnlHistory([buy], new Map(), { date: '2026-07-06', price: null, at }))).toEqual([
      ['2026-07-06T10:00', '-5.03'],
      ['2026-07-06T10:30', '-5.03'],
    ]);
    const later = Date.parse('2026-07-07T05:00:00Z');
    expect(table(pnlHistory([buy], closes, { date: '2026-07-07', price: null, at: later })).at(-1)).toEqual([
      '2026-07-07T13:00',
      '144.97',
    ]);
  });

  it('makes one point of fills in the same second, and keeps now after the last fill', () => {
    const half = { side: 'buy' as const, quantity: 150, amount: '1500.00', tradingDate: '2026-07-06' };
    const a = fillOf(5, {
      ...half,
      marketAt: '2026-07-06T02:00:00.100Z',
      createdAt: '2026-07-06T02:00:00.100Z',
    });
    const b = fillOf(6, {
      ...half,
      marketAt: '2026-07-06T02:00:00.900Z',
      createdAt: '2026-07-06T02:00:00.900Z',
    });
    // A live instant a little behind the fills still comes after them on the axis.
    const stale = Date.parse('2026-07-06T01:59:00Z');
    const points = pnlHistory([a, b], new Map(), { date: '2026-07-06', price: new Dec('10.20'), at: stale });
    expect(points.map((p) => new Date(p.at).toISOString())).toEqual([
      '2026-07-06T02:00:00.100Z',
      '2026-07-06T02:00:01.000Z',
    ]);
    // 300 × 10.00 − 3010.02 after both fills; 300 × 10.20 − 3010.02 now
    expect(points.map((p) => p.pnl.toFixed(2))).toEqual(['-10.02', '49.98']);
  });

  it('is empty without fills', () => {
    expect(pnlHistory([], closes, { date: '2026-07-09', price: null, at: 0 })).toEqual([]);
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
