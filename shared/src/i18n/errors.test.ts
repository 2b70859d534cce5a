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
});
