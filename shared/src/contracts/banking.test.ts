import { describe, expect, it } from 'vitest';
import { cashAmountSchema } from './banking.ts';

const issueOf = (value: unknown) => {
  const result = cashAmountSchema('transfer.amountNotPositive').safeParse(value);
  return result.success ? result.data : result.error.issues[0]?.message;
};

describe('cashAmountSchema', () => {
  it('accepts a positive decimal string to the cent, as sent', () => {
    expect(issueOf('1')).toBe('1');
    expect(issueOf('1234.50')).toBe('1234.50');
  });

  it.each([
    ['a JSON number', 1, 'validation.moneyString'],
    ['a JSON number with decimals', 12.3, 'validation.moneyString'],
    ['a boolean', true, 'validation.moneyString'],
    ['null', null, 'validation.moneyString'],
    ['a string with a leading space', ' 1', 'validation.moneyString'],
    ['a string with a trailing newline', '1\n', 'validation.moneyString'],
    ['only spaces', '   ', 'validation.moneyString'],
    ['nothing', undefined, 'transfer.amountNotPositive'],
    ['an empty string', '', 'transfer.amountNotPositive'],
    ['zero', '0.00', 'transfer.amountNotPositive'],
    ['an exponent', '1e3', 'validation.amount'],
    ['fractions of a cent', '0.001', 'validation.amount'],
  ])('refuses %s', (_, value, key) => {
    expect(issueOf(value)).toBe(key);
  });
});
