import { Dec } from '../money.ts';
import type { Board } from './instruments.ts';
import { inForce, type Versioned } from './versioned.ts';

/**
 * Dragon-tiger list (龙虎榜, the exchanges' daily trading disclosure): for each test the top
 * `topN` stocks that reach it, with the five biggest buying and selling seats.
 */
export interface DragonTigerThresholds extends Versioned {
  /** 'deviation': close change minus the board index's change; 'change': the close change itself. */
  readonly measure: 'deviation' | 'change';
  /** |measure| at least this (fraction: 0.07 = 7%), tested separately for gainers and losers. */
  readonly move: Dec;
  /** (high − low) / previous close. */
  readonly amplitude: Dec;
  /** Volume / free-float shares. */
  readonly turnoverRate: Dec;
  readonly topN: number;
}

// Both boards test the close change itself, not its deviation from an index.
const STAR_AND_CHINEXT = {
  measure: 'change',
  move: new Dec('0.15'),
  amplitude: new Dec('0.3'),
  turnoverRate: new Dec('0.3'),
  topN: 5,
} as const;

export const DRAGON_TIGER_THRESHOLDS: Record<Board, readonly DragonTigerThresholds[]> = {
  // in force at least since the 2023 rulebook revisions
  main: [
    {
      effectiveFrom: '2023-02-17',
      measure: 'deviation',
      move: new Dec('0.07'),
      amplitude: new Dec('0.15'),
      turnoverRate: new Dec('0.2'),
      topN: 5,
    },
  ],
  chinext: [{ effectiveFrom: '2020-08-24', ...STAR_AND_CHINEXT }],
  star: [{ effectiveFrom: '2019-07-22', ...STAR_AND_CHINEXT }],
  bse: [
    {
      effectiveFrom: '2021-11-15',
      measure: 'change',
      move: new Dec('0.2'),
      amplitude: new Dec('0.3'),
      turnoverRate: new Dec('0.2'),
      topN: 5,
    },
  ],
};

export function dragonTigerThresholds(board: Board, tradingDate: string): DragonTigerThresholds {
  return inForce(DRAGON_TIGER_THRESHOLDS[board], tradingDate, 'dragon-tiger');
}

export type DragonTigerTest = 'gainers' | 'losers' | 'amplitude' | 'turnover';

/** The tests a stock's day reaches; `move` is measured as the board's thresholds say (fractions). */
export function dragonTigerTests(args: {
  board: Board;
  tradingDate: string;
  move: Dec;
  amplitude: Dec;
  turnoverRate: Dec;
}): DragonTigerTest[] {
  const t = dragonTigerThresholds(args.board, args.tradingDate);
  const tests: DragonTigerTest[] = [];
  if (args.move.gte(t.move)) tests.push('gainers');
  if (args.move.lte(t.move.neg())) tests.push('losers');
  if (args.amplitude.gte(t.amplitude)) tests.push('amplitude');
  if (args.turnoverRate.gte(t.turnoverRate)) tests.push('turnover');
  return tests;
}

/** The ten-deal list (十大成交股): the day's top stocks by turnover. */
export const TEN_DEAL_LIST_SIZE = 10;
