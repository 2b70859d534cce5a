import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, passesLuhn } from './luhn.ts';

describe('passesLuhn', () => {
  it.each([
    // The classic worked example: 7992739871 → check digit 3.
    ['79927398713', true],
    ['79927398710', false],
    // Card-network test numbers published for integration testing.
    ['4111111111111111', true],
    ['6011111111111117', true],
    ['4111111111111112', false],
  ])('%s → %s', (digits, ok) => {
    expect(passesLuhn(digits)).toBe(ok);
  });

  it('catches any single mistyped digit and most swaps of neighbours', () => {
    const valid = '6222020200112233440';
    expect(passesLuhn(`${valid.slice(0, -1)}${luhnCheckDigit(valid.slice(0, -1))}`)).toBe(true);
    const good = `${valid.slice(0, -1)}${luhnCheckDigit(valid.slice(0, -1))}`;
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(passesLuhn(`${good.slice(0, i)}${d}${good.slice(i + 1)}`)).toBe(false);
      }
    }
  });

  it('refuses what is not a run of digits', () => {
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('0')).toBe(false);
    expect(passesLuhn('4111 1111 1111 1111')).toBe(false);
  });
});

describe('luhnCheckDigit', () => {
  it.each([
    ['7992739871', '3'],
    ['411111111111111', '1'],
    // 0 doubled is 0: a run of zeros needs 0.
    ['000000', '0'],
  ])('of %s is %s', (partial, digit) => {
    expect(luhnCheckDigit(partial)).toBe(digit);
  });

  it('refuses what is not digits', () => {
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
  });
});
