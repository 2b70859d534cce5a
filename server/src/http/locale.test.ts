import { describe, expect, it } from 'vitest';
import { localeOf } from './locale.ts';

describe('localeOf', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['de-DE,de;q=0.9', 'zh-CN'],
    ['ja', 'ja'],
    ['fr-CA,en;q=0.5', 'fr'],
    ['de;q=1,ko;q=0.8,en;q=0.9', 'en'],
    ['zh-TW', 'zh-CN'],
    ['*', 'zh-CN'],
  ])('%s → %s', (header, expected) => {
    expect(localeOf(header)).toBe(expected);
  });
});
