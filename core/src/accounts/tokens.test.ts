import { describe, expect, it } from 'vitest';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './tokens.ts';

describe('session tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(looksLikeSessionToken(token)).toBe(true);
    expect(newSessionToken()).not.toBe(token);
  });

  it('hash to a stable SHA-256 hex digest', () => {
    // echo -n "abc" | sha256sum
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = newSessionToken();
    expect(hashSessionToken(token)).toBe(hashSessionToken(token));
    expect(hashSessionToken(token)).not.toBe(token);
  });

  it.each(['', 'short', `${'a'.repeat(43)}=`, 'a'.repeat(44), `${'a'.repeat(42)}+`])(
    'rejects the shape of %j',
    (value) => {
      expect(looksLikeSessionToken(value)).toBe(false);
    },
  );
});
