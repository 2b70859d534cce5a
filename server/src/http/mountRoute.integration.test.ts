import { users } from '@bourse/core/db/schema.ts';
import { loadConfig } from '@bourse/core/platform/config.ts';
import { ApiClient } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { defineRoute } from '@bourse/shared';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppContext } from '../platform/appContext.ts';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';
import { apiErrorHandler } from './errorHandler.ts';
import { idempotencyKey, mountRoute, signedIn } from './mountRoute.ts';

const adminOnly = defineRoute({
  method: 'get',
  path: '/admin/ping',
  summary: 'test',
  auth: 'admin',
  response: z.object({ userId: z.string() }),
});
const exploding = defineRoute({
  method: 'get',
  path: '/boom',
  summary: 'test',
  auth: 'public',
  response: z.null(),
});
const withQuery = defineRoute({
  method: 'get',
  path: '/echo',
  summary: 'test',
  auth: 'public',
  query: z.object({
    n: z.coerce.number({ message: 'validation.amount' }).int({ message: 'validation.amount' }),
  }),
  response: z.object({ n: z.number() }),
});
const idempotentAction = defineRoute({
  method: 'post',
  path: '/actions/:id',
  summary: 'test',
  auth: 'public',
  body: z.object({ n: z.number({ message: 'validation.amount' }) }),
  response: z.object({ id: z.string(), key: z.string() }),
  idempotent: true,
});

/** A bare router with test contracts, next to the real app for sessions. */
describe.each(DB_KINDS)('mountRoute on %s', (kind) => {
  const t = useTestServer(kind);
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let api: ApiClient;
  let actionsRun = 0;

  beforeAll(async () => {
    const app = createAppContext({
      config: loadConfig({}),
      database: t.database,
      redis: t.redis,
      redisPrefix: t.redisPrefix,
    });
    const router = express.Router();
    router.use(express.json());
    mountRoute(router, adminOnly, async (ctx) => ({ userId: signedIn(ctx).userId }), app);
    mountRoute(
      router,
      exploding,
      async () => {
        throw new Error('secret detail at /srv/app.ts:12');
      },
      app,
    );
    mountRoute(router, withQuery, async ({ query }) => ({ n: query.n }), app);
    mountRoute(
      router,
      idempotentAction,
      async (ctx) => {
        actionsRun++;
        ctx.setHeader('Idempotent-Replayed', 'true');
        return { id: ctx.params.id ?? '', key: idempotencyKey(ctx) };
      },
      app,
    );
    router.use(apiErrorHandler);
    server = express().use('/api', router).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    api = new ApiClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses an admin route to a user (403) and opens it to an admin', async () => {
    const { token, user } = await t.api.signUp();
    expectFailure(await api.get('/api/admin/ping', { token, lang: 'th' }), 'common.forbidden', 'th');
    await t.database.db.update(users).set({ role: 'admin' });
    expect(expectOk(await api.get('/api/admin/ping', { token }), adminOnly.response)).toEqual({
      userId: user.id,
    });
  });

  it('refuses an admin route without a session (401)', async () => {
    expectFailure(await api.get('/api/admin/ping'), 'auth.loginFirst');
  });

  it('answers an unexpected error with 500 common.internal and no detail', async () => {
    const res = await api.get('/api/boom', { lang: 'en' });
    expectFailure(res, 'common.internal', 'en');
    expect(JSON.stringify(res.body)).not.toMatch(/secret|app\.ts|at /);
  });

  it('parses the query string with the contract', async () => {
    expect(expectOk(await api.get('/api/echo?n=7'), withQuery.response)).toEqual({ n: 7 });
    expectFailure(await api.get('/api/echo?n=x'), 'validation.amount');
  });

  it('reads the Idempotency-Key of an idempotent contract before its handler runs, after its body', async () => {
    const key = 'key-0123456789';
    const res = await api.post('/api/actions/a1', { n: 1 }, { headers: { 'Idempotency-Key': key } });
    expect(expectOk(res, idempotentAction.response)).toEqual({ id: 'a1', key });
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(actionsRun).toBe(1);
    expectFailure(await api.post('/api/actions/a1', { n: 1 }), 'common.idempotencyKeyInvalid');
    expectFailure(
      await api.post('/api/actions/a1', { n: 1 }, { headers: { 'Idempotency-Key': 'short' } }),
      'common.idempotencyKeyInvalid',
    );
    expectFailure(await api.post('/api/actions/a1', {}), 'validation.amount');
    expect(actionsRun).toBe(1);
  });
});
