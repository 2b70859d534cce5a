import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { decryptAes128gcm, verifyVapid } from './testing.ts';

/** The local push endpoint's checks must be able to fail, or the integration tests prove nothing. */
describe('the test push endpoint’s checks', () => {
  const device = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { ecdh, authSecret: randomBytes(16) };
  };
  const vapid = webpush.generateVAPIDKeys();
  const request = (to: ReturnType<typeof device>, payload: string) =>
    webpush.generateRequestDetails(
      {
        endpoint: 'https://127.0.0.1:9/push/x',
        keys: {
          p256dh: to.ecdh.getPublicKey().toString('base64url'),
          auth: to.authSecret.toString('base64url'),
        },
      },
      payload,
      {
        vapidDetails: { subject: 'mailto:a@example.com', ...vapid },
        contentEncoding: 'aes128gcm',
      },
    );

  it('decrypts what web-push encrypted for the device, and verifies its VAPID signature', () => {
    const to = device();
    const details = request(to, '{"title":"ok"}');
    expect(decryptAes128gcm(details.body as Buffer, to).toString()).toBe('{"title":"ok"}');
    const { claims, vapidKey } = verifyVapid(details.headers.Authorization);
    expect(vapidKey).toBe(vapid.publicKey);
    expect(claims).toMatchObject({ aud: 'https://127.0.0.1:9', sub: 'mailto:a@example.com' });
  });

  it('fails to decrypt with another device’s keys or a wrong auth secret', () => {
    const to = device();
    const body = request(to, 'secret').body as Buffer;
    expect(() => decryptAes128gcm(body, device())).toThrow();
    expect(() => decryptAes128gcm(body, { ecdh: to.ecdh, authSecret: randomBytes(16) })).toThrow();
  });

  it('refuses a JWT whose signature was tampered with, or signed by another key than k', () => {
    const header = request(device(), 'x').headers.Authorization as string;
    const [, jwt = '', k = ''] = /^vapid t=([^,]+), k=(.+)$/.exec(header) ?? [];
    const [head, body, signature = ''] = jwt.split('.');
    const flipped = Buffer.from(signature, 'base64url');
    flipped[10] = (flipped[10] ?? 0) ^ 1;
    expect(() => verifyVapid(`vapid t=${head}.${body}.${flipped.toString('base64url')}, k=${k}`)).toThrow(
      'does not verify',
    );
    const other = webpush.generateVAPIDKeys().publicKey;
    expect(() => verifyVapid(`vapid t=${jwt}, k=${other}`)).toThrow('does not verify');
  });
});
