import { randomBytes } from 'node:crypto';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';
import { holdVerifications } from '../testing/verifications.ts';

describe.each(DB_KINDS)('POST /api/user/login on %s', (kind) => {
  const t = useTestServer(kind);
  // 65,536 addresses (198.18.0.0/16, reserved for testing): with 256, tests in this file
  // drew the same address now and then and inherited each other's failures.
  const ip = () => `198.18.${[...randomBytes(2)].join('.')}`;

  /** Sends `query` as is and checks the refusal wrote nothing. */
  const refused = (query: unknown, lang?: string) =>
    withoutWrites(t.database.db, () => t.api.post('/api/user/login', { query }, { lang }));

  it('logs in with a new session token, whatever the case of the account', async () => {
    const { credentials, token } = await t.api.signUp();
    const { userinfo } = expectOk(
      await t.api.login(credentials.account.toUpperCase(), credentials.password),
      userRoutes.login.response,
    );
    expect(userinfo.account).toBe(credentials.account);
    expect(userinfo.token).not.toBe(token);
    expectOk(await t.api.get('/api/user/info', { token: userinfo.token }), userRoutes.info.response);
  });

  it('refuses a wrong password', async () => {
    const { credentials } = await t.api.signUp();
    const res = await withoutWrites(t.database.db, () =>
      t.api.login(credentials.account, 'wrong-password', { lang: 'ja' }),
    );
    expectFailure(res, 'auth.badCredentials', 'ja');
  });

  it('refuses an unknown account with the same status and message as a wrong password', async () => {
    const { credentials } = await t.api.signUp();
    const wrongPassword = await t.api.login(credentials.account, 'wrong-password', { lang: 'th' });
    const unknown = await t.api.login(`nobody${randomBytes(4).toString('hex')}`, 'wrong-password', {
      lang: 'th',
    });
    expectFailure(unknown, 'auth.badCredentials', 'th');
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('spends about as long on an unknown account as on a wrong password', async () => {
    const { credentials } = await t.api.signUp();
    const time = async (account: string) => {
      const started = performance.now();
      await t.api.login(account, 'wrong-password');
      return performance.now() - started;
    };
    await time('warm-up-dummy-hash');
    const wrong = await time(credentials.account);
    const unknown = await time(`nobody${randomBytes(4).toString('hex')}`);
    // Both verify one argon2id hash (tens of ms); skipping it would make `unknown` a few ms.
    expect(unknown).toBeGreaterThan(wrong / 3);
  });

  it('refuses a query that is not base64', async () => {
    expectFailure(await refused('%%%'), 'auth.queryNotBase64');
  });

  it('refuses a query it cannot decrypt', async () => {
    expectFailure(await refused(randomBytes(512).toString('base64'), 'ko'), 'auth.queryUndecryptable', 'ko');
  });

  it('refuses a query that decrypts to something other than JSON', async () => {
    expectFailure(
      await refused(await t.api.encryptText('{"account":"alice",'), 'fr'),
      'auth.queryNotJson',
      'fr',
    );
  });

  it.each([
    ['no query', {}],
    ['a query that is not a string', { query: 42 }],
    ['an empty query', { query: '' }],
  ])('refuses a body with %s', async (_, body) => {
    const res = await withoutWrites(t.database.db, () => t.api.post('/api/user/login', body, { lang: 'en' }));
    expectFailure(res, 'auth.inputAccountPassword', 'en');
  });

  it.each([
    ['without account', { password: 'secret123' }],
    ['without password', { account: 'alice' }],
    ['with an empty password', { account: 'alice', password: '' }],
  ])('refuses credentials %s', async (_, credentials) => {
    expectFailure(await refused(await t.api.encrypt(credentials)), 'auth.inputAccountPassword');
  });

  it('locks an account out from one IP after 5 failures in 15 minutes', async () => {
    const { credentials } = await t.api.signUp();
    const address = ip();
    for (let i = 0; i < 5; i++) {
      expectFailure(
        await t.api.login(credentials.account, `wrong-${i}`, { ip: address }),
        'auth.badCredentials',
      );
    }
    const sixth = await t.api.login(credentials.account, credentials.password, {
      ip: address,
      lang: 'zh-CN',
    });
    expectFailure(sixth, 'auth.tooManyAttempts', 'zh-CN', { minutes: 15 });
    expect(sixth.body.msg).toBe('失败次数过多，请 15 分钟后再试。');
    const key = `${t.redisPrefix}attempts:login:account-ip:${credentials.account}@${address}`;
    expect(await t.redis.pttl(key)).toBeGreaterThan(14 * 60_000);
  });

  it('does not let a stranger who spent their attempts lock the owner out', async () => {
    const { credentials } = await t.api.signUp();
    const stranger = ip();
    const wrong = (times: number) =>
      Promise.all(
        Array.from({ length: times }, (_, i) =>
          t.api.login(credentials.account, `wrong-${i}`, { ip: stranger }),
        ),
      );
    await wrong(5);
    // Hammering on after the lock is refused unverified and spends nothing of the account's
    // ceiling (50 in 15 minutes from everywhere: attemptLimit.integration.test.ts).
    const hammered = await wrong(30);
    expect(hammered.every((res) => res.body.key === 'auth.tooManyAttempts')).toBe(true);
    expectOk(
      await t.api.login(credentials.account, credentials.password, { ip: ip() }),
      userRoutes.login.response,
    );
  });

  it('locks an IP out after 20 failures on any accounts', async () => {
    const address = ip();
    const failures = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api.login(`nobody${randomBytes(4).toString('hex')}`, 'x', { ip: address }),
      ),
    );
    for (const res of failures) expectFailure(res, 'auth.badCredentials');
    const { credentials } = await t.api.signUp();
    expectFailure(
      await t.api.login(credentials.account, credentials.password, { ip: address, lang: 'en' }),
      'auth.tooManyAttempts',
      'en',
      { minutes: 15 },
    );
    expectOk(
      await t.api.login(credentials.account, credentials.password, { ip: ip() }),
      userRoutes.login.response,
    );
  });

  it('forgives the account its failures from that IP on success', async () => {
    const { credentials } = await t.api.signUp();
    const address = ip();
    for (let i = 0; i < 4; i++) await t.api.login(credentials.account, 'wrong', { ip: address });
    expectOk(
      await t.api.login(credentials.account, credentials.password, { ip: address }),
      userRoutes.login.response,
    );
    for (let i = 0; i < 4; i++) {
      expectFailure(await t.api.login(credentials.account, 'wrong', { ip: address }), 'auth.badCredentials');
    }
    expectOk(
      await t.api.login(credentials.account, credentials.password, { ip: address }),
      userRoutes.login.response,
    );
  });

  it('verifies at most 5 of 20 concurrent attempts from one IP, the right one among them', async () => {
    const { credentials } = await t.api.signUp();
    const address = ip();
    const passwords = Array.from({ length: 20 }, (_, i) => (i === 12 ? credentials.password : `wrong-${i}`));
    const held = holdVerifications(passwords.length);
    try {
      const results = await Promise.all(
        passwords.map((password) =>
          held.track(t.api.login(credentials.account, password, { ip: address, lang: 'en' })),
        ),
      );
      expect(held.verified).toBeLessThanOrEqual(5);
      const refused = results.filter((res) => res.body.key === 'auth.tooManyAttempts');
      expect(refused).toHaveLength(passwords.length - held.verified);
      const right = results[12];
      if (right?.status !== 200) expectFailure(right as never, 'auth.tooManyAttempts', 'en', { minutes: 15 });
    } finally {
      held.restore();
    }
  });
});
