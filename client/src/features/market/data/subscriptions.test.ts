import { describe, expect, it } from 'vitest';
import { chunk, diffSets, RefCounter } from './subscriptions.ts';

describe('RefCounter', () => {
  it('reports a key added on its first retain and removed on its last release', () => {
    const refs = new RefCounter<string>();
    expect(refs.retain(['a', 'b'])).toEqual(['a', 'b']);
    expect(refs.retain(['b', 'c'])).toEqual(['c']);
    expect(refs.count('b')).toBe(2);
    expect(refs.release(['a', 'b'])).toEqual(['a']);
    expect(refs.release(['b', 'zzz'])).toEqual(['b']);
    expect(refs.keys()).toEqual(['c']);
    expect(refs.size).toBe(1);
    expect(refs.has('b')).toBe(false);
  });
});

describe('diffSets (what a scrolled list subscribes and drops)', () => {
  it.each([
    { current: [], wanted: ['a', 'b'], subscribe: ['a', 'b'], unsubscribe: [] },
    { current: ['a', 'b', 'c'], wanted: ['b', 'c', 'd'], subscribe: ['d'], unsubscribe: ['a'] },
    { current: ['a', 'b'], wanted: ['a', 'b'], subscribe: [], unsubscribe: [] },
    { current: ['a', 'b'], wanted: [], subscribe: [], unsubscribe: ['a', 'b'] },
  ])('$current → $wanted', ({ current, wanted, subscribe, unsubscribe }) => {
    expect(diffSets(new Set(current), new Set(wanted))).toEqual({ subscribe, unsubscribe });
  });
});

describe('chunk', () => {
  it('splits into requests of at most the size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 300)).toEqual([]);
  });
});
