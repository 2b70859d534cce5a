import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('POST /api/user/logout on %s', (kind) => {
  const t = useTestServer(kind);

  it('revokes this session only', async () => {
    const { token, credentials } = await t.api.signUp();
    const { userinfo: other } = expectOk(
      await t.api.login(credentials.account, credentials.password),
      userRoutes.login.response,
    );
    expectOk(await t.api.post('/api/user/logout', {}, { token }), userRoutes.logout.response);
    expectFailure(await t.api.get('/api/user/info', { token }), 'auth.sessionExpired');
    expectFailure(await t.api.post('/api/user/logout', {}, { token }), 'auth.sessionExpired');
    expectOk(await t.api.get('/api/user/info', { token: other.token }), userRoutes.info.response);
  });

  it('needs a session', async () => {
    expectFailure(await t.api.post('/api/user/logout', {}, { lang: 'fr' }), 'auth.loginFirst', 'fr');
  });
});
