import { describe, expect, it } from 'vitest';
import { serializeParams, withParams } from './params.ts';

describe('serializeParams', () => {
  it('skips null, undefined and empty strings but keeps 0 and false', () => {
    expect(serializeParams({ a: null, b: undefined, c: '', d: 0, e: false, f: 'x' })).toBe('d=0&e=false&f=x');
  });

  it('writes nested objects as bracketed keys', () => {
    expect(serializeParams({ page: { num: 2, size: 20 } })).toBe('page[num]=2&page[size]=20');
    expect(serializeParams({ a: { b: { c: 1, d: null } } })).toBe('a[b][c]=1');
  });

  it('writes arrays with indices, skipping empty items', () => {
    expect(serializeParams({ symbols: ['604000', '', '004001'] })).toBe(
      'symbols[0]=604000&symbols[2]=004001',
    );
    expect(serializeParams({ rows: [{ id: 7 }] })).toBe('rows[0][id]=7');
  });

  it('encodes keys and values', () => {
    expect(serializeParams({ 'q r': 'a&b=c 中' })).toBe('q%20r=a%26b%3Dc%20%E4%B8%AD');
    expect(serializeParams({ at: new Date(Date.UTC(2024, 0, 2)) })).toBe('at=2024-01-02T00%3A00%3A00.000Z');
  });

  it('appends to a path with or without a query', () => {
    expect(withParams('/api/x', { a: 1 })).toBe('/api/x?a=1');
    expect(withParams('/api/x?z=9', { a: 1 })).toBe('/api/x?z=9&a=1');
    expect(withParams('/api/x', { a: '' })).toBe('/api/x');
    expect(withParams('/api/x', undefined)).toBe('/api/x');
  });
});
