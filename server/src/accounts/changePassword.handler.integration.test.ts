import { randomBytes } from 'node:crypto';
import { createSession } from '@bourse/core/accounts/sessions.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { createUser } from '@bourse/core/trading/testing/serviceDeps.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('POST /api/user/changePassword on %s', (kind) => {
  const t = useTestServer(kind);

  async function passwordHashOf(account: string) {
    const rows = await t.database.db.query.users.findMany();
    return rows.find((u) => u.account === account)?.passwordHash;
  }

  it('changes the password and revokes every other session', async () => {
    const { token, credentials } = await t.api.signUp();
    const { userinfo: other } = expectOk(
      await t.api.login(credentials.account, credentials.password),
      userRoutes.login.response,
    );
    const body = { oldPassword: credentials.password, newPassword: 'brand-new-1' };
    expectOk(
      await t.api.post('/api/user/changePassword', body, { token }),
      userRoutes.changePassword.response,
    );

    expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response);
    expectFailure(await t.api.get('/api/user/info', { token: other.token }), 'auth.sessionExpired');
    expectFailure(await t.api.login(credentials.account, credentials.password), 'auth.badCredentials');
    expectOk(await t.api.login(credentials.account, 'brand-new-1'), userRoutes.login.response);
  });

  it.each([
    [
      'a wrong old password',
      { oldPassword: 'not-it', newPassword: 'brand-new-1' },
      'auth.oldPasswordWrong',
      {},
    ],
    ['no old password', { newPassword: 'brand-new-1' }, 'validation.required', { field: 'oldPassword' }],
    [
      'a short new password',
      { oldPassword: 'secret123', newPassword: '12345' },
      'validation.passwordMin',
      {},
    ],
    [
      'the same password',
      { oldPassword: 'secret123', newPassword: 'secret123' },
      'validation.passwordSame',
      {},
    ],
  ] as const)('refuses %s and changes nothing', async (_, body, key, params) => {
    const { token, credentials } = await t.api.signUp({ password: 'secret123' });
    const before = await passwordHashOf(credentials.account);
    const res = await t.api.post('/api/user/changePassword', body, { token, lang: 'ko' });
    expectFailure(res, key, 'ko', params);
    expect(await passwordHashOf(credentials.account)).toBe(before);
  });

  // Attempts are budgeted per account and client IP, as login's: each test from an address of its own.
  const ip = () => `198.18.${[...randomBytes(2)].join('.')}`;
  const change = (token: string, oldPassword: string, newPassword: string, from: string, lang?: string) =>
    t.api.post('/api/user/changePassword', { oldPassword, newPassword }, { token, lang, ip: from });

  it('locks change-password and login for 15 minutes after 5 wrong old passwords', async () => {
    const { token, credentials } = await t.api.signUp({ password: 'secret123' });
    const address = ip();
    for (let i = 0; i < 5; i++) {
      expectFailure(await change(token, `wrong-${i}`, 'brand-new-1', address), 'auth.oldPasswordWrong');
    }
    const before = await passwordHashOf(credentials.account);
    const sixth = await change(token, 'secret123', 'brand-new-1', address, 'it');
    expectFailure(sixth, 'auth.tooManyAttempts', 'it', { minutes: 15 });
    expect(await passwordHashOf(credentials.account)).toBe(before);
    // The same count as login's: guessing here closes that door too.
    expectFailure(
      await t.api.login(credentials.account, 'secret123', { ip: address }),
      'auth.tooManyAttempts',
      'zh-CN',
      { minutes: 15 },
    );
  });

  it('forgives the failures on a successful change', async () => {
    const { token } = await t.api.signUp({ password: 'secret123' });
    const address = ip();
    for (let i = 0; i < 4; i++)
      expectFailure(await change(token, 'wrong', 'x-123456', address), 'auth.oldPasswordWrong');
    expectOk(await change(token, 'secret123', 'brand-new-1', address), userRoutes.changePassword.response);
    for (let i = 0; i < 4; i++)
      expectFailure(await change(token, 'wrong', 'x-123456', address), 'auth.oldPasswordWrong');
    expectOk(await change(token, 'brand-new-1', 'brand-new-2', address), userRoutes.changePassword.response);
  });

  it("leaves other users' password changes alone", async () => {
    const alice = await t.api.signUp({ password: 'secret123' });
    const bob = await t.api.signUp({ password: 'secret123' });
    const address = ip();
    for (let i = 0; i < 5; i++) await change(alice.token, 'wrong', 'brand-new-1', address);
    expectFailure(
      await change(alice.token, 'secret123', 'brand-new-1', address),
      'auth.tooManyAttempts',
      'zh-CN',
      { minutes: 15 },
    );
    expectOk(
      await change(bob.token, 'secret123', 'brand-new-1', address),
      userRoutes.changePassword.response,
    );
  });

  it('names the missing field in the message', async () => {
    const { token } = await t.api.signUp();
    const res = await t.api.post(
      '/api/user/changePassword',
      { newPassword: 'brand-new-1' },
      { token, lang: 'zh-CN' },
    );
    expect(res.body.msg).toBe('请填写原密码。');
  });
});

describe.each(DB_KINDS)('POST /api/user/changePassword without Redis on %s', (kind) => {
  // Nothing listens on port 1: the attempt counter cannot be read.
  const t = useTestServer(kind, { redisUrl: 'redis://127.0.0.1:1' });

  it('refuses with 503 rather than allow unlimited guessing, changing nothing', async () => {
    // Signing up needs Redis too (its per-IP count): the user and session are made directly.
    const userId = await createUser(t.database.db);
    const token = await createSession(t.database.db, userId);
    const [before] = await t.database.db.query.users.findMany();
    const res = await t.api.post(
      '/api/user/changePassword',
      { oldPassword: 'secret123', newPassword: 'brand-new-1' },
      { token, lang: 'th' },
    );
    expectFailure(res, 'common.unavailable', 'th');
    expect(await t.database.db.query.users.findMany()).toEqual([before]);
  });
});
