import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/testServer.ts';

/** The CSP as directive → sources. */
function policyOf(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe.each(DB_KINDS)('security headers on %s', (kind) => {
  const t = useTestServer(kind);
  // No proxy trusted: X-Forwarded-Proto is anyone's to send and must not count.
  const direct = useTestServer(kind, { config: { trustProxy: false } });

  it.each([
    ['the app', 'GET', '/'],
    ['a deep link', 'GET', '/stockInfo/604519'],
    ['a missing asset', 'GET', '/www/assets/gone-12345678.js'],
    ['an API answer', 'GET', '/api/health'],
    ['an API failure', 'POST', '/api/user/nothing'],
    ['the avatar route', 'GET', '/api/user/avatar/00000000-0000-4000-8000-000000000000'],
  ])('are on %s', async (_, method, path) => {
    const res = await fetch(`${t.baseUrl}${path}`, { method });
    const policy = policyOf(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // Plain HTTP: a browser must not be told to insist on HTTPS for this host.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('asks for HTTPS only when the request came over it, through a trusted proxy', async () => {
    const viaProxy = await fetch(`${t.baseUrl}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(policyOf(viaProxy).has('upgrade-insecure-requests')).toBe(true);

    const spoofed = await fetch(`${direct.baseUrl}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    expect(policyOf(spoofed).has('upgrade-insecure-requests')).toBe(false);
  });

  it("lets bull-board's page have its inline styles and fonts, and nothing else more", async () => {
    const res = await fetch(`${t.baseUrl}/admin/queues`);
    expect(res.status).toBe(401);
    const policy = policyOf(res);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
