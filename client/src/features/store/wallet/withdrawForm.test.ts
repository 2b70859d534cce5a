import { drawAllAmount } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { chargeShown, validateWithdraw } from './withdrawForm.ts';

const RULE = { rate: '0.01', minimum: '2.00' };
const CARD = '0b5f8f6e-4a3c-4d6a-9a53-0d8a3f5f2c11';

describe('validateWithdraw', () => {
  it("refuses an empty, zero or negative amount with the spec's message", () => {
    for (const amount of ['', '0', '0.00', '-3', 'abc']) {
      expect(validateWithdraw({ cardId: CARD, amount }, '100.00', RULE)).toEqual({
        ok: false,
        errors: { amount: 'Draw amount cannot be less than or equal to 0 or empty' },
      });
    }
  });

  it('refuses an amount whose charge does not fit in the balance', () => {
    // 99 + its 2.00 minimum charge is 101.
    expect(validateWithdraw({ cardId: CARD, amount: '99' }, '100.00', RULE)).toEqual({
      ok: false,
      errors: { amount: 'Draw amount cannot be larger than balance' },
    });
  });

  it('asks for a card', () => {
    const result = validateWithdraw({ cardId: '', amount: '10' }, '100.00', RULE);
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.errors.cardId).toBeTruthy();
  });

  it('answers the request and its charge: the rate rounded up, never below the minimum', () => {
    expect(validateWithdraw({ cardId: CARD, amount: '98' }, '100.00', RULE)).toEqual({
      ok: true,
      body: { cardId: CARD, amount: '98.00' },
      charge: '2.00',
    });
    expect(validateWithdraw({ cardId: CARD, amount: '1000.01' }, '2000.00', RULE)).toMatchObject({
      charge: '10.01',
    });
    expect(chargeShown('300', RULE)).toBe('3.00');
    expect(chargeShown('', RULE)).toBeNull();
  });

  it('draws all: the largest amount that fits with its charge', () => {
    expect(drawAllAmount('2000.00', RULE).toFixed(2)).toBe('1980.19');
    expect(drawAllAmount('100.00', RULE).toFixed(2)).toBe('98.00');
    expect(drawAllAmount('2.00', RULE).toFixed(2)).toBe('0.00');
    for (const available of ['2000.00', '100.00', '250.37', '7.50']) {
      const amount = drawAllAmount(available, RULE).toFixed(2);
      expect(validateWithdraw({ cardId: CARD, amount }, available, RULE).ok).toBe(true);
      const more = (Number(amount) + 0.01).toFixed(2);
      expect(validateWithdraw({ cardId: CARD, amount: more }, available, RULE).ok).toBe(false);
    }
  });
});
