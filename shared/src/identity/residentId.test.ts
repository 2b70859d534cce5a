import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkResidentId,
  maskResidentId,
  normaliseResidentId,
  residentIdCheckChar,
} from './residentId.ts';

const TODAY = '2026-07-10';

describe('residentIdCheckChar', () => {
  // The two worked examples of GB 11643-1999, appendix A:
  // 11010519491231002: 1·7+1·9+0·10+1·5+0·8+5·4+1·2+9·1+4·6+9·3+1·7+2·9+3·10+1·5+0·8+0·4+2·2 = 167,
  //   167 mod 11 = 2 → "X".
  // 44052418800101001: 4·7+4·9+0·10+5·5+2·8+4·4+1·2+8·1+8·6+0·3+0·7+1·9+0·10+1·5+0·8+0·4+1·2 = 204,
  //   204 mod 11 = 6 → "4".
  it.each([
    ['11010519491231002', 'X'],
    ['44052418800101001', '4'],
  ])('%s → %s', (first17, check) => {
    expect(residentIdCheckChar(first17)).toBe(check);
  });

  // Sum 0 → remainder 0 → "1"; a remainder of 1 → "0".
  it('maps remainder 0 to "1" and remainder 1 to "0"', () => {
    expect(residentIdCheckChar('00000000000000000')).toBe('1');
    // Digit 7 carries weight 1: a lone 1 there leaves remainder 1.
    expect(residentIdCheckChar('00000001000000000')).toBe('0');
  });

  it('refuses anything but 17 digits', () => {
    expect(() => residentIdCheckChar('1101051949123100')).toThrow(RangeError);
    expect(() => residentIdCheckChar('1101051949123100X')).toThrow(RangeError);
  });
});

describe('checkResidentId', () => {
  it("accepts the standard's example with its final X", () => {
    expect(checkResidentId('11010519491231002X', TODAY)).toEqual({ ok: true, birthDate: '1949-12-31' });
  });

  it('accepts a birth on 29 February of a leap year and on today', () => {
    const leap = `11010520000229123`;
    expect(checkResidentId(leap + residentIdCheckChar(leap), TODAY)).toEqual({
      ok: true,
      birthDate: '2000-02-29',
    });
    const newborn = `11010520260710123`;
    expect(checkResidentId(newborn + residentIdCheckChar(newborn), TODAY)).toEqual({
      ok: true,
      birthDate: TODAY,
    });
  });

  it.each([
    ['17 characters', '11010519491231002'],
    ['19 characters', '11010519491231002X1'],
    ['a letter inside', '1101051949123A002X'],
    ['a lower-case x not normalised', '11010519491231002x'],
    ['X anywhere but last', '1101051949123100X2'],
    ['a leading zero region', '01010519491231002X'],
    ['spaces', '110105 19491231002X'],
    ['a 15-digit first-generation number', '110105491231002'],
    ['nothing', ''],
  ])('says "format" for %s', (_, id) => {
    expect(checkResidentId(id, TODAY)).toEqual({ ok: false, problem: 'format' });
  });

  it.each([
    ['30 February', '19900230'],
    ['29 February of a common year', '19010229'],
    ['month 13', '19901301'],
    ['day 00', '19900100'],
    ['before 1900', '18991231'],
    ['the year 1880', '18800101'],
    ['tomorrow', '20260711'],
  ])('says "birthDate" for %s even with a matching check character', (_, date) => {
    const first17 = `110105${date}123`;
    expect(checkResidentId(first17 + residentIdCheckChar(first17), TODAY)).toEqual({
      ok: false,
      problem: 'birthDate',
    });
  });

  it('says "checkDigit" for every wrong check character', () => {
    for (const wrong of '0123456789'.split('')) {
      expect(checkResidentId(`11010519491231002${wrong}`, TODAY)).toEqual({
        ok: false,
        problem: 'checkDigit',
      });
    }
    expect(checkResidentId('440524190001010015', TODAY)).toEqual({ ok: false, problem: 'checkDigit' });
  });

  it('catches a swapped pair of digits', () => {
    expect(checkResidentId('11010519491231020X', TODAY)).toEqual({ ok: false, problem: 'checkDigit' });
  });
});

describe('normaliseResidentId', () => {
  it('trims and uppercases the final x', () => {
    expect(normaliseResidentId(' 11010519491231002x ')).toBe('11010519491231002X');
  });
});

describe('ageOn', () => {
  it.each([
    ['2008-07-10', '2026-07-10', 18],
    ['2008-07-11', '2026-07-10', 17],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['1949-12-31', '2026-07-10', 76],
  ])('born %s, on %s: %i', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });
});

describe('maskResidentId', () => {
  it('keeps the first and last four characters', () => {
    expect(maskResidentId('11010519491231002X')).toBe('1101**********002X');
  });
});
