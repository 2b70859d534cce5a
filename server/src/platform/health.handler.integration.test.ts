import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { translateError, userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('GET /api/health on %s', (kind) => {
  const healthy = useTestServer(kind);
  // Nothing listens on port 1: this server's Redis is down from the start.
  const noRedis = useTestServer(kind, { redisUrl: 'redis://127.0.0.1:1' });

  it('reports db and redis ok', async () => {
    const res = await healthy.api.get('/api/health');
    expect(res.body).toEqual({ code: 1, msg: 'ok', data: { db: 'ok', redis: 'ok' } });
    expectOk(res, userRoutes.health.response);
  });

  it('answers 503 with the failing part down', async () => {
    const res = await noRedis.api.get('/api/health', { lang: 'ja' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: 503,
      msg: translateError('ja', 'common.unavailable'),
      key: 'common.unavailable',
      data: { db: 'ok', redis: 'down' },
    });
  });

  it('refuses logins with 503 while Redis is down, rather than without a rate limit', async () => {
    const res = await noRedis.api.login('anyone', 'secret123', { lang: 'en' });
    expectFailure(res, 'common.unavailable', 'en');
  });

  it('keeps serving when a Socket.IO broadcast cannot reach Redis', async () => {
    noRedis.server.io.emit('hello', 'nobody hears this');
    // The failed PUBLISH would surface here as an unhandled rejection, which fails the run.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await noRedis.api.get('/api/health')).status).toBe(503);
  });

  // Last: it closes the database under the server.
  it('reports a closed database as down', async () => {
    await noRedis.database.close();
    const res = await noRedis.api.get('/api/health');
    expect(res.body).toMatchObject({ code: 503, data: { db: 'down', redis: 'down' } });
  });
});
