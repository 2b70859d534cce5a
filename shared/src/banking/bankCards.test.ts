import { describe, expect, it } from 'vitest';
import { checkCardNumber, maskCardNumber, normaliseCardNumber } from './bankCards.ts';

describe('checkCardNumber', () => {
  // 622202 0200 1122 334 + its check digit 6.
  const icbc = '6222020200112233446';

  it('accepts a valid number typed in groups, and names its bank', () => {
    expect(checkCardNumber('6222 0202 0011 2233 446')).toEqual({ ok: true, digits: icbc, bank: 'ICBC' });
    expect(checkCardNumber(`-${icbc}-`)).toEqual({ ok: true, digits: icbc, bank: 'ICBC' });
  });

  it.each([
    ['', 'format'],
    ['622202020011223', 'format'],
    ['62220202001122334465', 'format'],
    ['6222O20200112233445', 'format'],
    ['6222020200112233445', 'checkDigit'],
    ['4111111111111111', 'unsupportedBank'],
  ])('refuses %j: %s', (raw, problem) => {
    expect(checkCardNumber(raw)).toEqual({ ok: false, problem });
  });
});

describe('normaliseCardNumber and maskCardNumber', () => {
  it('drop separators and show only the first and last four digits', () => {
    expect(normaliseCardNumber(' 6222 0202-0011 ')).toBe('622202020011');
    expect(maskCardNumber('6222020200112233446')).toBe('6222 **** **** 3446');
  });
});
