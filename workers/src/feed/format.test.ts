import { describe, expect, it } from 'vitest';
import { divRound, percentString, scaledToString } from './format.ts';

describe('scaledToString', () => {
  it.each([
    [1230, 2, '12.30'],
    [5, 2, '0.05'],
    [0, 2, '0.00'],
    [-7, 2, '-0.07'],
    [-1234, 2, '-12.34'],
    [1234, 3, '1.234'],
    [42, 0, '42'],
  ])('%i at %i places is %s', (units, places, text) => {
    expect(scaledToString(units, places)).toBe(text);
  });

  it('refuses a float', () => {
    expect(() => scaledToString(12.5, 2)).toThrow(RangeError);
  });
});

describe('percentString', () => {
  it.each([
    // 123 / 10000 = 1.23%
    [123, 10_000, '1.23'],
    // 1 / 3 = 33.333…% → 33.33
    [1, 3, '33.33'],
    // 2 / 3 = 66.666…% → 66.67
    [2, 3, '66.67'],
    // −1 / 8 = −12.5% exactly
    [-1, 8, '-12.50'],
    // 1 / 80000 = 0.00125%: an eighth of a hundredth → 0.00
    [1, 80_000, '0.00'],
    // 1 / 20000 = 0.005%: half a hundredth, away from zero → 0.01
    [1, 20_000, '0.01'],
    [-1, 20_000, '-0.01'],
    [5, 0, '0.00'],
  ])('%i / %i → %s%%', (num, den, text) => {
    expect(percentString(num, den)).toBe(text);
  });

  it('rounds half away from zero', () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(-5, 2)).toBe(-3);
    expect(divRound(4, 3)).toBe(1);
  });
});
