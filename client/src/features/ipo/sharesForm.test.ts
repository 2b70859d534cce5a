import { describe, expect, it } from 'vitest';
import { checkShares } from './sharesForm.ts';

describe('the subscription form', () => {
  it.each([
    ['2500', { ok: true, shares: 2500 }],
    [' 500 ', { ok: true, shares: 500 }],
    ['', { ok: false, error: 'form.empty' }],
    ['0', { ok: false, error: 'form.notWhole', params: { unit: 500 } }],
    ['700', { ok: false, error: 'form.notWhole', params: { unit: 500 } }],
    ['500.0', { ok: false, error: 'form.notWhole', params: { unit: 500 } }],
    ['-500', { ok: false, error: 'form.notWhole', params: { unit: 500 } }],
    ['3000', { ok: false, error: 'form.aboveMax', params: { max: 2500 } }],
  ])('%j → %j', (value, expected) => {
    expect(checkShares(value, 500, 2500)).toEqual(expected);
  });
});
