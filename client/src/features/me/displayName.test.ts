import { describe, expect, it } from 'vitest';
import { displayName, maskMobile } from './displayName.ts';

describe('displayName', () => {
  it('puts the family name first in East Asian languages', () => {
    expect(displayName({ username: '王', givenName: '小明' }, 'zh-CN')).toBe('王小明');
    expect(displayName({ username: 'Tanaka', givenName: 'Yui' }, 'ja')).toBe('TanakaYui');
  });

  it('puts the given name first elsewhere', () => {
    expect(displayName({ username: 'Rossi', givenName: 'Maria' }, 'it')).toBe('Maria Rossi');
  });
});

describe('maskMobile', () => {
  it('keeps the prefix and the last four digits', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('+8613800138000')).toBe('+86138****8000');
    expect(maskMobile('12345')).toBe('12345');
  });
});
