import { describe, expect, it } from 'vitest';
import { displayName, maskMobile } from './displayName.ts';

describe('displayName', () => {
  it('writes a Chinese, Japanese or Korean name family name first, unspaced, in every language', () => {
    for (const locale of ['zh-CN', 'ja', 'ko', 'en', 'th', 'fr', 'it'] as const) {
      expect(displayName({ username: '张', givenName: '伟' }, locale)).toBe('张伟');
      expect(displayName({ username: '田中', givenName: 'ゆい' }, locale)).toBe('田中ゆい');
      expect(displayName({ username: '김', givenName: '민준' }, locale)).toBe('김민준');
    }
  });

  it('puts the family name of a Latin-letter name first in East Asian languages, spaced', () => {
    expect(displayName({ username: 'Tanaka', givenName: 'Yui' }, 'ja')).toBe('Tanaka Yui');
    expect(displayName({ username: 'Wang', givenName: 'Wei' }, 'zh-CN')).toBe('Wang Wei');
  });

  it('puts the given name of a Latin-letter name first elsewhere', () => {
    expect(displayName({ username: 'Rossi', givenName: 'Maria' }, 'it')).toBe('Maria Rossi');
    expect(displayName({ username: 'Wang', givenName: 'Wei' }, 'en')).toBe('Wei Wang');
  });
});

describe('maskMobile', () => {
  it('keeps the prefix and the last four digits', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('+8613800138000')).toBe('+86138****8000');
    expect(maskMobile('12345')).toBe('12345');
  });
});
