import { describe, expect, it } from 'vitest';
import { Dec } from '../money.ts';
import type { Board, Instrument, InstrumentKind } from './instruments.ts';
import { isOnTickGrid, priceLimits, tickSize } from './prices.ts';

function instrument(board: Board, extra: Partial<Instrument> = {}): Instrument {
  const exchange = board === 'star' ? 'SSE' : board === 'bse' ? 'BSE' : 'SZSE';
  return { symbol: '004001', exchange, board, kind: 'stock', isST: false, ...extra };
}

function limits(inst: Instrument, prevClose: string, tradingDate: string, tradingDayIndex?: number) {
  const result = priceLimits({
    instrument: inst,
    prevClose: new Dec(prevClose),
    tradingDate,
    tradingDayIndex,
  });
  return result && [result.up.toFixed(), result.down.toFixed()];
}

describe('priceLimits', () => {
  it.each([
    // main ±10%: 10.05 × 1.1 = 11.055 → 11.06 (half-up); 10.05 × 0.9 = 9.045 → 9.05
    ['main', {}, '10.05', '2026-07-10', ['11.06', '9.05']],
    // ST before 2026-07-06 ±5%: 10.5525 → 10.55; 9.5475 → 9.55
    ['main', { isST: true }, '10.05', '2026-07-03', ['10.55', '9.55']],
    // ST from 2026-07-06 ±10%, as any main-board stock
    ['main', { isST: true }, '10.05', '2026-07-06', ['11.06', '9.05']],
    // ChiNext ±20%: 12.06 and 8.04 exactly
    ['chinext', {}, '10.05', '2026-07-10', ['12.06', '8.04']],
    // ChiNext ST is ±20% too
    ['chinext', { isST: true }, '10.05', '2026-07-03', ['12.06', '8.04']],
    // ChiNext before its 2020-08-24 reform: ±10%
    ['chinext', {}, '10.05', '2020-08-21', ['11.06', '9.05']],
    // STAR ±20%: 33.33 × 1.2 = 39.996 → 40.00; × 0.8 = 26.664 → 26.66
    ['star', {}, '33.33', '2026-07-10', ['40', '26.66']],
    // BSE ±30%: 13.065 → 13.07; 7.035 → 7.04
    ['bse', {}, '10.05', '2026-07-10', ['13.07', '7.04']],
    // a fund rounds to its 0.001 tick: 1.234 × 1.1 = 1.3574 → 1.357; × 0.9 = 1.1106 → 1.111
    ['main', { kind: 'fund' }, '1.234', '2026-07-10', ['1.357', '1.111']],
  ] as const)('%s %j prevClose %s on %s', (board, extra, prevClose, date, expected) => {
    expect(limits(instrument(board, extra), prevClose, date)).toEqual(expected);
  });

  it.each([
    // registration IPOs: no band on days 1–5 (BSE: day 1 only)
    ['star', 5, null],
    ['star', 6, ['12', '8']],
    ['chinext', 1, null],
    ['main', 5, null],
    ['bse', 1, null],
    ['bse', 2, ['13', '7']],
  ] as const)('%s registration IPO on trading day %i', (board, day, expected) => {
    expect(limits(instrument(board, { registrationIpo: true }), '10.00', '2026-07-10', day)).toEqual(
      expected,
    );
  });

  it('keeps the band for a listing that was not registration-based', () => {
    expect(limits(instrument('main', { registrationIpo: false }), '10.00', '2026-07-10', 1)).toEqual([
      '11',
      '9',
    ]);
  });

  it('counts the first days from listedOn on the exchange calendar, skipping holidays', () => {
    // Listed Thu 2026-02-12: days 1–2 are 02-12 and 02-13, the Spring Festival closes 02-16..02-23,
    // so day 5 is Thu 02-26 and the band returns on Fri 02-27.
    const star = instrument('star', { registrationIpo: true, listedOn: '2026-02-12' });
    expect(limits(star, '50.00', '2026-02-12')).toBeNull();
    expect(limits(star, '50.00', '2026-02-26')).toBeNull();
    expect(limits(star, '50.00', '2026-02-27')).toEqual(['60', '40']);
  });

  it('refuses a date before any encoded rule', () => {
    expect(() => limits(instrument('star'), '10', '2019-07-19')).toThrow(RangeError);
  });
});

describe('tick size', () => {
  it.each([
    ['10.01', 'stock', true],
    ['10.005', 'stock', false],
    ['1.005', 'fund', true],
    ['1.0005', 'fund', false],
    ['7', 'stock', true],
  ] as const)('%s on the %s grid: %s', (price, kind: InstrumentKind, expected) => {
    expect(isOnTickGrid(new Dec(price), kind)).toBe(expected);
  });

  it('is 0.01 for stocks and 0.001 for funds', () => {
    expect(tickSize('stock').toString()).toBe('0.01');
    expect(tickSize('fund').toString()).toBe('0.001');
  });
});
