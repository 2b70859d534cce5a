// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_SYMBOL_KEY, rememberSymbol, useLastSymbol } from './lastSymbol.ts';

const reload = async () => {
  await useLastSymbol.persist.rehydrate();
  return useLastSymbol.getState().symbol;
};

beforeEach(() => localStorage.clear());

describe('the last stock traded', () => {
  it('is kept across reloads', async () => {
    rememberSymbol('604000');
    expect(await reload()).toBe('604000');
  });

  it('reads the bare code written before persist, a leading zero included', async () => {
    for (const code of ['004001', '604000']) {
      localStorage.setItem(LAST_SYMBOL_KEY, code);
      expect(await reload()).toBe(code);
    }
    expect(JSON.parse(localStorage.getItem(LAST_SYMBOL_KEY) ?? '')).toEqual({
      state: { symbol: '604000' },
      version: 1,
    });
  });

  it('ignores what is not a code', async () => {
    for (const garbage of ['60400', 'x', '{"state":{"symbol":604000},"version":1}']) {
      localStorage.setItem(LAST_SYMBOL_KEY, garbage);
      expect(await reload()).toBeNull();
    }
  });
});
