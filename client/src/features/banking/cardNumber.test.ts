import { describe, expect, it } from 'vitest';
import { groupCardNumber } from './cardNumber.ts';

describe('groupCardNumber', () => {
  it.each([
    ['', ''],
    ['6222', '6222'],
    ['62220', '6222 0'],
    ['6222020200112233446', '6222 0202 0011 2233 446'],
    // Pasted with other separators, or too long: digits only, at most 19.
    ['6222-0202 0011-2233-4460000', '6222 0202 0011 2233 446'],
    ['62a22', '6222'],
  ])('%j → %j', (typed, shown) => {
    expect(groupCardNumber(typed)).toBe(shown);
  });
});
