// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieAttributes, getCookie, removeCookie, setCookie } from './cookies.ts';

describe('cookies', () => {
  afterEach(() => removeCookie('Local_Lang'));

  it('round-trips an encoded value', () => {
    setCookie('Local_Lang', JSON.stringify({ file_name: 'ja', language_name: '日本語' }), 3);
    expect(JSON.parse(getCookie('Local_Lang') ?? '')).toEqual({ file_name: 'ja', language_name: '日本語' });
    removeCookie('Local_Lang');
    expect(getCookie('Local_Lang')).toBeUndefined();
  });

  it('writes path / and an expiry of the given days', () => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    setCookie('Admin-Token', 'abc', 3);
    vi.useRealTimers();
    expect(writes[0]).toBe('Admin-Token=abc; expires=Sun, 04 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax');
  });

  it('adds Secure when the page came over HTTPS, and only then', () => {
    const expires = new Date(Date.UTC(2026, 0, 4));
    expect(cookieAttributes(expires, true)).toBe(
      'expires=Sun, 04 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax; Secure',
    );
    expect(cookieAttributes(expires, false)).toBe(
      'expires=Sun, 04 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax',
    );
  });
});
