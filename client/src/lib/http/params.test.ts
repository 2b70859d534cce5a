import { describe, expect, it } from 'vitest';
import { serializeParams, withParams } from './params.ts';

describe('serializeParams', () => {
  it('skips null, undefined and empty strings but keeps 0 and false', () => {
    expect(serializeParams({ a: null, b: undefined, c: '', d: 0, e: false, f: 'x' })).toBe('d=0&e=false&f=x');
  });

  it('encodes keys and values so the server reads them back unchanged', () => {
    const query = serializeParams({ 'q r': 'a&b=c 中', symbols: '604000,004001' });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      'q r': 'a&b=c 中',
      symbols: '604000,004001',
    });
  });

  it('appends to a path with or without a query', () => {
    expect(withParams('/api/x', { a: 1 })).toBe('/api/x?a=1');
    expect(withParams('/api/x?z=9', { a: 1 })).toBe('/api/x?z=9&a=1');
    expect(withParams('/api/x', { a: '' })).toBe('/api/x');
    expect(withParams('/api/x', undefined)).toBe('/api/x');
  });
});
