import { describe, expect, it } from 'vitest';
import { matchLocale, parseAcceptLanguage } from './locales.ts';

describe('locale matching', () => {
  it.each([
    [['ja-JP', 'en'], 'ja'],
    [['zh-TW'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['de-DE', 'fr-CA'], 'fr'],
    [['EN-us'], 'en'],
    [['de', 'es'], undefined],
    [[], undefined],
  ])('matchLocale(%j) = %s', (tags, expected) => {
    expect(matchLocale(tags)).toBe(expected);
  });

  it('orders Accept-Language by quality, then position', () => {
    expect(parseAcceptLanguage('de;q=0.5, th, ko;q=0.9, *;q=0.1, it;q=0')).toEqual(['th', 'ko', 'de']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});
