import { realNameVerifications } from '@bourse/core/db/schema.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { NOT_VERIFIED, userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('GET /api/user/authenticationDetail on %s', (kind) => {
  const t = useTestServer(kind);

  it('says "none" before any verification', async () => {
    const { token } = await t.api.signUp();
    const detail = expectOk(
      await t.api.get('/api/user/authenticationDetail', { token }),
      userRoutes.authenticationDetail.response,
    );
    expect(detail).toEqual(NOT_VERIFIED);
  });

  it('reports the latest verification request', async () => {
    const { token, user } = await t.api.signUp();
    const refusedAt = new Date(Date.now() - 30_000);
    const submittedAt = new Date();
    await t.database.db.insert(realNameVerifications).values([
      {
        userId: user.id,
        status: 'refused',
        realName: '李雷',
        idNumber: '11010519491231002X',
        idNumberMasked: '1101**********002X',
        refusalReason: 'photoUnclear',
        submittedAt: new Date(Date.now() - 60_000),
        reviewedAt: refusedAt,
      },
      {
        userId: user.id,
        status: 'pending',
        realName: '李雷',
        idNumber: '110105194912310029',
        idNumberMasked: '1101**********0029',
        submittedAt,
      },
    ]);
    const detail = expectOk(
      await t.api.get('/api/user/authenticationDetail', { token }),
      userRoutes.authenticationDetail.response,
    );
    expect(detail).toEqual({
      status: 'pending',
      realName: '李雷',
      idNumberMasked: '1101**********0029',
      refusalReason: null,
      submittedAt: submittedAt.toISOString(),
      reviewedAt: null,
    });
  });

  it('needs a session', async () => {
    expectFailure(await t.api.get('/api/user/authenticationDetail'), 'auth.loginFirst');
  });
});
