import { newRegistration } from '@bourse/core/testing/api.ts';
import { EMBEDDED_AND_POSTGRES } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(EMBEDDED_AND_POSTGRES)('an account from registration to logout on %s', (kind) => {
  const t = useTestServer(kind);

  it('registers, logs in, reads and changes settings, logs out', async () => {
    const me = newRegistration({ lang: 'en' });
    expectOk(await t.api.register(me), userRoutes.register.response);

    const { userinfo } = expectOk(await t.api.login(me.account, me.password), userRoutes.login.response);
    const { token } = userinfo;
    expect(expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response).account).toBe(
      me.account,
    );

    expectOk(await t.api.post('/api/user/lang', { lang: 'ja' }, { token }), userRoutes.setLang.response);
    expect(
      expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response).lang.file_name,
    ).toBe('ja');

    const change = { oldPassword: me.password, newPassword: 'another-secret' };
    expectOk(
      await t.api.post('/api/user/changePassword', change, { token }),
      userRoutes.changePassword.response,
    );

    expectOk(await t.api.post('/api/user/logout', {}, { token }), userRoutes.logout.response);
    expectFailure(await t.api.get('/api/user/info', { token, lang: 'ja' }), 'auth.sessionExpired', 'ja');

    expectOk(await t.api.login(me.account, 'another-secret'), userRoutes.login.response);
  });
});
