import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import type { Board } from './instruments.ts';
import { dragonTigerTests, dragonTigerThresholds } from './lists.ts';

const DATE = '2026-07-10';

describe('dragon-tiger list', () => {
  it('uses deviation ±7%, amplitude 15%, turnover 20% on the main board', () => {
    const t = dragonTigerThresholds('main', DATE);
    expect([t.measure, t.move.toString(), t.amplitude.toString(), t.turnoverRate.toString(), t.topN]).toEqual(
      ['deviation', '0.07', '0.15', '0.2', 5],
    );
  });

  it('uses the change itself, ±15%, 30%, 30% on ChiNext and STAR', () => {
    for (const board of ['chinext', 'star'] as const) {
      const t = dragonTigerThresholds(board, DATE);
      expect([t.measure, t.move.toString(), t.amplitude.toString(), t.turnoverRate.toString()]).toEqual([
        'change',
        '0.15',
        '0.3',
        '0.3',
      ]);
    }
  });

  it.each([
    ['main', '0.07', '0.1', '0.05', ['gainers']],
    ['main', '-0.0701', '0.15', '0.2', ['losers', 'amplitude', 'turnover']],
    ['main', '0.0699', '0.1499', '0.1999', []],
    ['chinext', '0.1', '0.2', '0.25', []], // main-board figures are not enough on ChiNext
    ['chinext', '-0.15', '0.3', '0.3', ['losers', 'amplitude', 'turnover']],
  ] as const)(
    '%s move %s amplitude %s turnover %s → %j',
    (board: Board, move, amplitude, turnoverRate, expected) => {
      const args = {
        move: new Dec(move),
        amplitude: new Dec(amplitude),
        turnoverRate: new Dec(turnoverRate),
      };
      expect(dragonTigerTests({ board, tradingDate: DATE, ...args })).toEqual(expected);
    },
  );
});
