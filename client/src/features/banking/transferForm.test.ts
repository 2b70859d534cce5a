import { describe, expect, it } from 'vitest';
import { validateTransfer } from './transferForm.ts';

const CARD = '0b7e4a2c-1d3f-4e5a-8b6c-7d8e9f0a1b2c';
const errorsOf = (
  amount: string,
  direction: 'in' | 'out' = 'out',
  withdrawable = '1000.00',
  cardId = CARD,
) => {
  const result = validateTransfer({ cardId, amount }, direction, withdrawable, 'card');
  return result.ok ? result.body : result.errors;
};

describe('validateTransfer', () => {
  it('passes a good amount, written with two decimals', () => {
    expect(errorsOf('12.5')).toEqual({ direction: 'out', cardId: CARD, amount: '12.50' });
    expect(errorsOf('1000')).toEqual({ direction: 'out', cardId: CARD, amount: '1000.00' });
    expect(errorsOf(' 12.5 ')).toEqual({ direction: 'out', cardId: CARD, amount: '12.50' });
  });

  it.each([
    ['', 'Transfer amount cannot be less than or equal to 0 or empty.'],
    ['0', 'Transfer amount cannot be less than or equal to 0 or empty.'],
    ['-3', 'Transfer amount cannot be less than or equal to 0 or empty.'],
    ['1.234', 'Please fill correct amount.'],
    ['abc', 'Please fill correct amount.'],
  ])('refuses %j: %s', (amount, message) => {
    expect(errorsOf(amount)).toEqual({ amount: message });
  });

  it('refuses more than the withdrawable cash out, but not in', () => {
    expect(errorsOf('1000.01')).toEqual({
      amount: 'Transfer amount cannot be larger than your withdrawable balance (1,000.00 CNY).',
    });
    expect(errorsOf('1000.01', 'in')).toMatchObject({ amount: '1000.01' });
  });

  it('refuses more than the single-transfer limit', () => {
    expect(errorsOf('5000000.01', 'in')).toEqual({
      amount: 'A single transfer can be at most 5,000,000.00 CNY.',
    });
  });

  it('asks for a card', () => {
    expect(errorsOf('10', 'in', '0', '')).toMatchObject({ cardId: 'Please fill in card.' });
  });
});
