import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { ERROR_CATALOGUES, translateError } from './errors.ts';
import { LOCALES } from './locales.ts';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('error catalogues', () => {
  const reference = keysOf(ERROR_CATALOGUES.en).sort();

  it.each(LOCALES)('%s has exactly the same keys as en', (locale) => {
    expect(keysOf(ERROR_CATALOGUES[locale]).sort()).toEqual(reference);
  });

  it('every domain error has a message', () => {
    for (const key of Object.keys(ERRORS)) expect(reference).toContain(key);
  });

  it('interpolates parameters and translates field names', () => {
    expect(translateError('en', 'auth.tooManyAttempts', { minutes: 15 })).toBe(
      'Too many failed attempts. Please try again in 15 minutes.',
    );
    expect(translateError('zh-CN', 'validation.required', { field: 'email' })).toBe('请填写邮箱。');
  });

  it("writes a price or an amount with the reader's decimal separator", () => {
    expect(translateError('fr', 'order.priceAboveLimit', { up: '12.30' })).toBe(
      'Le prix ne peut pas dépasser le cours limite haut du jour, 12,30.',
    );
    expect(translateError('it', 'order.priceAboveLimit', { up: '1680.00' })).toBe(
      'Il prezzo non può superare il limite massimo di oggi, 1680,00.',
    );
    expect(translateError('en', 'order.priceAboveLimit', { up: '12.30' })).toBe(
      "The price cannot be above today's limit-up price of 12.30.",
    );
    expect(translateError('fr', 'order.insufficientCash', { needed: '-0.50', available: 0.25 })).toContain(
      'cet ordre demande -0,50 CNY frais compris, et 0,25 CNY',
    );
    expect(translateError('ja', 'order.priceOffTick', { tick: '0.01' })).toContain('0.01');
  });

  it('leaves whole numbers, codes and dates as they are', () => {
    expect(translateError('fr', 'auth.tooManyAttempts', { minutes: 15 })).toContain('15');
    expect(translateError('it', 'market.unknownSymbol', { symbol: '600519' })).toContain('600519');
    expect(translateError('fr', 'ipo.barred', { until: '2026-11-28' })).toContain('2026-11-28');
  });

  it('leaves a name as it was typed, even one that looks like a figure', () => {
    expect(translateError('fr', 'store.notOnSale', { name: '2.5' })).toBe("2.5 n'est plus en vente.");
  });
});
