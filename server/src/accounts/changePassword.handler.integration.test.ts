import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { DB_KINDS } from '../testing/testDatabase.ts';
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
