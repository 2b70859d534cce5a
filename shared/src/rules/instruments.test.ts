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
    expect(classifySymbol(code)).toEqual({ exchange, board, kind, simulated: false });
  });

  // Checked 2026-11-27 against the exchanges' code plans as we know them (SSE A-shares
  // 600/601/603/605, STAR 688/689; SZSE main 000–003, ChiNext 300–302; subscription 730/732/780/787;
  // funds 51x/15x): no real security uses these blocks. Look again when an exchange opens a block.
  // Lot, band, order maxima, IPO quota and dragon-tiger rules read exchange and board only, so a
  // simulated code trades under its real neighbour's rules.
  it.each([
    ['604519', '600', 'SSE', 'main'],
    ['606318', '601', 'SSE', 'main'],
    ['607288', '603', 'SSE', 'main'],
    ['609499', '605', 'SSE', 'main'],
    ['687981', '688', 'SSE', 'star'],
    ['004001', '000', 'SZSE', 'main'],
    ['005979', '001', 'SZSE', 'main'],
    ['006594', '002', 'SZSE', 'main'],
    ['007816', '003', 'SZSE', 'main'],
    ['303750', '300', 'SZSE', 'chinext'],
    ['304236', '301', 'SZSE', 'chinext'],
  ])('simulated %s is classified like its real prefix %s: %s %s', (code, realPrefix, exchange, board) => {
    const simulated = classifySymbol(code);
    expect(simulated).toEqual({ exchange, board, kind: 'stock', simulated: true });
    expect({ ...classifySymbol(`${realPrefix}${code.slice(3)}`), simulated: true }).toEqual(simulated);
  });

  it.each([
    '602000', // unassigned SSE main-board prefix, not one of ours either
    '008000', // unassigned SZSE main-board prefix, not one of ours either
    '302132', // ChiNext's 302 (one renamed company): real, not classified, not one of ours
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
