import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('GET /api/stock/getconfig on %s', (kind) => {
  const t = useTestServer(kind, { config: { kfUrl: 'https://kf.example.com/chat?id=7' } });

  it('answers the configured customer-service URL without a login', async () => {
    const data = expectOk(await t.api.get('/api/stock/getconfig'), userRoutes.config.response);
    expect(data).toEqual({ kf_url: 'https://kf.example.com/chat?id=7' });
  });
});
