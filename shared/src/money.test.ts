import { describe, expect, it } from 'vitest';
import { Dec, formatMoney, isDecimalString, parseDecimal, roundCent, toMoneyString } from './money.ts';

describe('money', () => {
  it.each([
    ['12.30', true],
    ['0', true],
    ['-0.01', true],
    ['1e3', false],
    ['NaN', false],
    ['Infinity', false],
    ['+1', false],
    [' 1', false],
    ['01', false],
    ['1.', false],
    ['.5', false],
    ['1000000000000000', false], // 16 integer digits
    ['1.123456789', false], // 9 decimals
  ])('isDecimalString(%j) = %s', (input, expected) => {
    expect(isDecimalString(input)).toBe(expected);
  });

  it('rejects exponent tricks when parsing', () => {
    expect(() => parseDecimal('1e30')).toThrow(RangeError);
  });

  it.each([
    // half-up at the cent: 0.005 → 0.01, -0.005 → -0.01 (away from zero), 2.675 exact in decimal → 2.68
    ['0.005', '0.01'],
    ['-0.005', '-0.01'],
    ['2.675', '2.68'],
    ['2.674999', '2.67'],
    ['10', '10.00'],
  ])('roundCent(%s) = %s', (input, expected) => {
    expect(toMoneyString(input)).toBe(expected);
  });

  it('adds 0.1 + 0.2 exactly, unlike floats', () => {
    expect(new Dec('0.1').plus('0.2').eq('0.3')).toBe(true);
    expect(roundCent(new Dec('0.1').plus('0.2')).toFixed(2)).toBe('0.30');
  });

  it.each([
    ['1234567.8', '1,234,567.80'],
    ['-1000', '-1,000.00'],
    ['999', '999.00'],
  ])('formatMoney(%s) = %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });
});
