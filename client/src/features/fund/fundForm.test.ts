import { describe, expect, it } from 'vitest';
import { validateFundTrade } from './fundForm.ts';

describe('validateFundTrade', () => {
  it('passes an amount within the limit, with two decimals', () => {
    expect(validateFundTrade('subscribe', '100.5', '1000.00')).toEqual({ ok: true, value: '100.50' });
    expect(validateFundTrade('redeem', '1000', '1000.00')).toEqual({ ok: true, value: '1000.00' });
  });

  it('trims what the user typed before checking it as the server will', () => {
    expect(validateFundTrade('subscribe', ' 100 ', '1000.00')).toEqual({ ok: true, value: '100.00' });
  });

  it.each([
    ['subscribe', '', 'The amount cannot be less than or equal to 0 or empty.'],
    ['subscribe', '0', 'The amount cannot be less than or equal to 0 or empty.'],
    ['subscribe', '   ', 'The amount cannot be less than or equal to 0 or empty.'],
    ['redeem', '-1', 'The units to redeem cannot be less than or equal to 0 or empty.'],
    ['redeem', '0.001', 'Please fill correct amount.'],
    ['subscribe', '1000.01', 'The amount cannot be larger than your withdrawable cash (1,000.00 CNY).'],
    ['redeem', '1000.01', 'You hold only 1,000.00 units.'],
  ] as const)('%s %j: %s', (kind, value, error) => {
    expect(validateFundTrade(kind, value, '1000.00')).toEqual({ ok: false, error });
  });
});
