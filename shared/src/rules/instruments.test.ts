import { describe, expect, it } from 'vitest';
import { classifySymbol } from './instruments.ts';

describe('classifySymbol', () => {
  it.each([
    ['600000', 'SSE', 'main', 'stock'],
    ['601318', 'SSE', 'main', 'stock'],
    ['603288', 'SSE', 'main', 'stock'],
    ['605499', 'SSE', 'main', 'stock'],
    ['688981', 'SSE', 'star', 'stock'],
    ['689009', 'SSE', 'star', 'stock'],
    ['000001', 'SZSE', 'main', 'stock'],
    ['001979', 'SZSE', 'main', 'stock'],
    ['002594', 'SZSE', 'main', 'stock'],
    ['003816', 'SZSE', 'main', 'stock'],
    ['300750', 'SZSE', 'chinext', 'stock'],
    ['301236', 'SZSE', 'chinext', 'stock'],
    ['430047', 'BSE', 'bse', 'stock'],
    ['830799', 'BSE', 'bse', 'stock'],
    ['920002', 'BSE', 'bse', 'stock'],
    ['510300', 'SSE', 'main', 'fund'],
    ['159915', 'SZSE', 'main', 'fund'],
  ])('%s → %s %s %s', (code, exchange, board, kind) => {
    expect(classifySymbol(code)).toEqual({ exchange, board, kind });
  });

  it.each([
    '604000', // unassigned SSE main-board prefix
    '900901', // SSE B-share
    '200002', // SZSE B-share
    '588000', // SSE ETF outside the 51x range we trade
    '12345',
    '6000001',
    'abcdef',
    '',
  ])('%j is not something we trade', (code) => {
    expect(classifySymbol(code)).toBeUndefined();
  });

  it('returns a copy callers may change', () => {
    const first = classifySymbol('600000')!;
    first.board = 'star';
    expect(classifySymbol('600000')?.board).toBe('main');
  });
});
