import { describe, expect, it } from 'vitest';
import { detectLocale, parseLangCookie } from './detect.ts';

const cookie = (fileName: string) => JSON.stringify({ file_name: fileName, language_name: 'x' });

describe('detectLocale', () => {
  it("uses the browser's languages on a first visit", () => {
    expect(detectLocale(undefined, ['ja-JP', 'en'])).toBe('ja');
    expect(detectLocale(undefined, ['de-DE', 'fr-CA'])).toBe('fr');
    expect(detectLocale(undefined, ['zh-TW'])).toBe('zh-CN');
  });

  it('falls back to zh-CN when no browser language is one of ours', () => {
    expect(detectLocale(undefined, ['de-DE', 'es'])).toBe('zh-CN');
    expect(detectLocale(undefined, [])).toBe('zh-CN');
  });

  it('lets the Local_Lang cookie win afterwards', () => {
    expect(detectLocale(cookie('ko'), ['ja-JP'])).toBe('ko');
  });

  it('ignores a cookie that is not a valid language setting', () => {
    expect(detectLocale(cookie('de'), ['it-IT'])).toBe('it');
    expect(detectLocale('{not json', ['th'])).toBe('th');
    expect(parseLangCookie('"en"')).toBeUndefined();
  });
});
