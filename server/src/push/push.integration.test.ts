import { pushSubscriptions, serverKeys } from '@bourse/core/db/schema.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { pushRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

/** A subscription as a browser hands it over: 65-byte P-256 point and 16-byte secret, base64url. */
const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'c2VjcmV0LXNlY3JldC0xMg';
const subscription = (n: number, keys = { p256dh: P256DH, auth: AUTH }) => ({
  endpoint: `https://push.example.test/send/device-${n}-${Math.random().toString(36).slice(2)}`,
  keys,
});

describe.each(DB_KINDS)('push routes on %s', (kind) => {
  const t = useTestServer(kind, {
    config: { pushServiceHosts: ['push.example.test', '*.push.example.org'] },
  });
  const devicesOf = (userId: string) =>
    t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const putPreferences = (token: string | undefined, body: unknown, lang = 'en') =>
    t.api.request('PUT', '/api/push/preferences', {
      body: JSON.stringify(body),
      contentType: 'application/json',
      token,
      lang,
    });

  it('serves the VAPID public key made on first start, the same on every call', async () => {
    const first = expectOk(await t.api.get('/api/push/vapidKey'), pushRoutes.vapidKey.response);
    const second = expectOk(await t.api.get('/api/push/vapidKey'), pushRoutes.vapidKey.response);
    expect(second).toEqual(first);
    const point = Buffer.from(first.publicKey, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
    const [stored] = await t.database.db.select().from(serverKeys).where(eq(serverKeys.id, 'vapid-p256'));
    expect(stored?.publicKey).toBe(first.publicKey);
  });

  it('subscribes a device once per endpoint: again refreshes its keys, and another user takes it over', async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    const device = subscription(1);
    const subscribe = (token: string, body: unknown) =>
      t.api.post('/api/push/subscribe', body, { token, lang: 'en' });
    expect(expectOk(await subscribe(alice.token, device), pushRoutes.subscribe.response)).toEqual({
      subscribed: true,
    });
    const newAuth = 'bmV3LXNlY3JldC1zZWNyZXQ';
    expectOk(
      await subscribe(alice.token, { ...device, keys: { p256dh: P256DH, auth: newAuth } }),
      pushRoutes.subscribe.response,
    );
    const rows = await devicesOf(alice.user.id);
    expect(rows.map((r) => [r.endpoint, r.auth])).toEqual([[device.endpoint, newAuth]]);
    expect(rows[0]?.userAgent).toBeTruthy();

    expectOk(await subscribe(bob.token, device), pushRoutes.subscribe.response);
    expect(await devicesOf(alice.user.id)).toEqual([]);
    expect((await devicesOf(bob.user.id)).map((r) => r.endpoint)).toEqual([device.endpoint]);
  });

  it('refuses an endpoint outside the push services it may post to, and writes nothing', async () => {
    const alice = await t.api.signUp();
    const at = (endpoint: string) => ({ ...subscription(0), endpoint });
    for (const endpoint of [
      'https://10.0.0.7/push/1',
      'https://push.example.test.evil.com/x',
      'https://example.org/x',
    ]) {
      expectFailure(
        await t.api.post('/api/push/subscribe', at(endpoint), { token: alice.token, lang: 'en' }),
        'push.badSubscription',
        'en',
      );
    }
    expect(await devicesOf(alice.user.id)).toEqual([]);
    // A subdomain of a `*.` entry is a push service.
    expectOk(
      await t.api.post('/api/push/subscribe', at('https://eu.push.example.org/d/1'), { token: alice.token }),
      pushRoutes.subscribe.response,
    );
    expect(await devicesOf(alice.user.id)).toHaveLength(1);
  });

  it('unsubscribes only the signed-in user’s device, and an unknown endpoint is fine', async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    const mine = subscription(2);
    const theirs = subscription(3);
    await t.api.post('/api/push/subscribe', mine, { token: alice.token });
    await t.api.post('/api/push/subscribe', theirs, { token: bob.token });
    const unsubscribe = (endpoint: string) =>
      t.api.post('/api/push/unsubscribe', { endpoint }, { token: alice.token });
    expect(expectOk(await unsubscribe(theirs.endpoint), pushRoutes.unsubscribe.response)).toEqual({
      subscribed: false,
    });
    expectOk(await unsubscribe(mine.endpoint), pushRoutes.unsubscribe.response);
    expectOk(await unsubscribe(mine.endpoint), pushRoutes.unsubscribe.response);
    expect(await devicesOf(alice.user.id)).toEqual([]);
    expect(await devicesOf(bob.user.id)).toHaveLength(1);
  });

  it.each([
    ['a plain-http endpoint', { ...subscription(4), endpoint: 'http://push.example.test/x' }],
    ['an endpoint that is no URL', { ...subscription(4), endpoint: 'not a url' }],
    ['no keys', { endpoint: subscription(4).endpoint }],
    ['a p256dh that is not base64url', subscription(4, { p256dh: 'not base64!', auth: AUTH })],
    ['an empty auth secret', subscription(4, { p256dh: P256DH, auth: '' })],
    ['an auth secret too long', subscription(4, { p256dh: P256DH, auth: 'A'.repeat(33) })],
  ])('refuses %s with a clear 400, writing nothing', async (_, body) => {
    const { token } = await t.api.signUp();
    await expectRefused(
      t.database.db,
      () => t.api.post('/api/push/subscribe', body, { token, lang: 'en' }),
      'push.badSubscription',
    );
  });

  it('answers a bad subscription in the user’s language', async () => {
    const { token } = await t.api.signUp();
    const res = await t.api.post('/api/push/subscribe', { endpoint: 'ftp://x' }, { token, lang: 'ja' });
    expectFailure(res, 'push.badSubscription', 'ja');
  });

  it('keeps each topic switch per user; an unknown topic is refused', async () => {
    const { token } = await t.api.signUp();
    const read = async () =>
      expectOk(await t.api.get('/api/push/preferences', { token }), pushRoutes.preferences.response);
    expect(await read()).toEqual({ off: [] });
    const set = await putPreferences(token, { off: ['store', 'fills', 'store'] });
    expect(expectOk(set, pushRoutes.setPreferences.response)).toEqual({ off: ['fills', 'store'] });
    expect(await read()).toEqual({ off: ['fills', 'store'] });
    expectFailure(await putPreferences(token, { off: ['marketing'] }, 'ko'), 'push.badTopic', 'ko');
    expect(await read()).toEqual({ off: ['fills', 'store'] });
    expectOk(await putPreferences(token, { off: [] }), pushRoutes.setPreferences.response);
    expect(await read()).toEqual({ off: [] });
  });

  it('wants a session for everything but the public key', async () => {
    expectFailure(await t.api.post('/api/push/subscribe', subscription(5)), 'auth.loginFirst');
    expectFailure(
      await t.api.post('/api/push/unsubscribe', { endpoint: subscription(5).endpoint }),
      'auth.loginFirst',
    );
    expectFailure(await t.api.get('/api/push/preferences'), 'auth.loginFirst');
    expectFailure(await putPreferences(undefined, { off: [] }, 'zh-CN'), 'auth.loginFirst');
  });
});
