import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { realNameVerifications } from '../db/schema.ts';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { DB_KINDS } from '../testing/testDatabase.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('GET /api/user/authenticationDetail on %s', (kind) => {
  const t = useTestServer(kind);

  it('says "none" before any verification', async () => {
    const { token } = await t.api.signUp();
    const detail = expectOk(
      await t.api.get('/api/user/authenticationDetail', { token }),
      userRoutes.authenticationDetail.response,
    );
    expect(detail).toEqual({ status: 'none', realName: null, idNumberMasked: null });
  });

  it('reports the latest verification request', async () => {
    const { token, user } = await t.api.signUp();
    await t.database.db.insert(realNameVerifications).values([
      {
        userId: user.id,
        status: 'refused',
        realName: '李雷',
        idNumberMasked: '1101********0011',
        submittedAt: new Date(Date.now() - 60_000),
      },
      { userId: user.id, status: 'pending', realName: '李雷', idNumberMasked: '1101********0012' },
    ]);
    const detail = expectOk(
      await t.api.get('/api/user/authenticationDetail', { token }),
      userRoutes.authenticationDetail.response,
    );
    expect(detail).toEqual({ status: 'pending', realName: '李雷', idNumberMasked: '1101********0012' });
  });

  it('needs a session', async () => {
    expectFailure(await t.api.get('/api/user/authenticationDetail'), 'auth.loginFirst');
  });
});
