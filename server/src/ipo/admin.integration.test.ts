import { createIpo } from '@bourse/core/ipo/createIpo.ts';
import { ipos } from '@bourse/core/ipo/schema.ts';
import { bullPrefix } from '@bourse/core/platform/queues.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { type ErrorKey, ipoRoutes } from '@bourse/shared';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { signUpAdmin, useTestServer } from '../testing/testServer.ts';

const T = '2026-07-09';
const NEW_ISSUE = {
  code: '304501',
  name: '恒瑞智能',
  price: '21.50',
  onlineShares: 8_000_000,
  subscriptionDate: T,
};

describe.each(DB_KINDS)('back office IPO routes and the queue dashboard on %s', (kind) => {
  const t = useTestServer(kind);
  let admin: string;
  let ordinary: string;

  beforeAll(async () => {
    const a = await signUpAdmin(t);
    admin = a.token;
    ordinary = (await t.api.signUp()).token;
    const waiting = await createIpo(t.database.db, { ...NEW_ISSUE, code: '687601', name: '待配科技' });
    await t.database.db.update(ipos).set({ status: 'awaiting_allotment' }).where(eq(ipos.id, waiting.id));
    await createIpo(t.database.db, { ...NEW_ISSUE, code: '687602', name: '未来科技' });
  });

  const calls: [string, (token?: string) => ReturnType<typeof t.api.get>][] = [
    ['POST /api/admin/ipo', (token) => t.api.post('/api/admin/ipo', NEW_ISSUE, { token })],
    [
      'POST /api/admin/ipo/batch',
      (token) => t.api.post('/api/admin/ipo/batch', { code: '687601' }, { token }),
    ],
    ['GET /api/admin/ipo/progress', (token) => t.api.get('/api/admin/ipo/progress?code=687601', { token })],
    ['GET /admin/queues', (token) => t.api.get('/admin/queues', { token })],
    ['GET /admin/queues/api/queues', (token) => t.api.get('/admin/queues/api/queues', { token })],
    [
      'PUT /admin/queues/api/queues/bank-transfers/pause',
      (token) => t.api.request('PUT', '/admin/queues/api/queues/bank-transfers/pause', { token }),
    ],
    [
      'PUT /admin/queues/api/queues/cash-fund-accrual/retry/failed',
      (token) => t.api.request('PUT', '/admin/queues/api/queues/cash-fund-accrual/retry/failed', { token }),
    ],
  ];

  it.each(calls)(
    '%s refuses anonymous callers (401) and ordinary users (403), changing nothing',
    async (_, call) => {
      expectFailure(await withoutWrites(t.database.db, () => call()), 'auth.loginFirst');
      expectFailure(await withoutWrites(t.database.db, () => call(ordinary)), 'common.forbidden');
    },
  );

  it('creates an issue with its timeline and a seed commitment', async () => {
    const created = expectOk(
      await t.api.post('/api/admin/ipo', NEW_ISSUE, { token: admin }),
      ipoRoutes.adminCreate.response,
    );
    // 8,000,000 online → at most 8,000 shares each; T Thu → T+1 Fri, T+2 Mon, listing Thu
    expect(created).toMatchObject({
      code: '304501',
      exchange: 'SZSE',
      board: 'chinext',
      status: 'upcoming',
      maxShares: 8_000,
      allotmentDate: '2026-07-10',
      paymentDate: '2026-07-13',
      listingDate: '2026-07-16',
      draw: null,
    });
    const res = await withoutWrites(t.database.db, () =>
      t.api.post('/api/admin/ipo', NEW_ISSUE, { token: admin }),
    );
    expectFailure(res, 'ipo.codeTaken');
  });

  it.each([
    [{ code: '30450' }, 'market.badSymbol'],
    [{ code: '920001' }, 'ipo.badCode'], // BSE: subscribed with cash, no lottery here
    [{ code: '510001' }, 'ipo.badCode'], // a fund
    [{ code: '301501' }, 'ipo.badCode'], // a real ChiNext code: the simulated market would never list it
    [{ name: '' }, 'validation.name'],
    [{ price: '0' }, 'ipo.badPrice'],
    [{ price: '12.345' }, 'ipo.badPrice'],
    [{ price: '1e3' }, 'ipo.badPrice'],
    [{ onlineShares: 750 }, 'ipo.badOnlineShares', { unit: 500 }],
    [{ onlineShares: 1000.5 }, 'ipo.badOnlineShares'],
    [{ subscriptionDate: '2026-07-11' }, 'ipo.notTradingDay'], // a Saturday
    [{ subscriptionDate: '2026-02-30' }, 'ipo.badDate'],
    [{ listingDate: '2026-07-13' }, 'ipo.badListingDate'], // the payment day itself
  ] as [Record<string, unknown>, ErrorKey, Record<string, number>?][])(
    'refuses %j with %s and writes nothing',
    async (change, key, params = {}) => {
      const body = { ...NEW_ISSUE, code: '304502', ...change };
      const res = await withoutWrites(t.database.db, () =>
        t.api.post('/api/admin/ipo', body, { token: admin }),
      );
      expectFailure(res, key, 'zh-CN', params);
    },
  );

  it('starts a batch run only for an issue awaiting allotment, and shows its progress', async () => {
    const started = expectOk(
      await t.api.post('/api/admin/ipo/batch', { code: '687601' }, { token: admin }),
      ipoRoutes.adminRunBatch.response,
    );
    expect(started).toMatchObject({ code: '687601', status: 'awaiting_allotment', run: 1, chunks: 0 });
    const progress = expectOk(
      await t.api.get('/api/admin/ipo/progress?code=687601', { token: admin }),
      ipoRoutes.adminProgress.response,
    );
    expect(progress.run).toBe(1);
    const early = await withoutWrites(t.database.db, () =>
      t.api.post('/api/admin/ipo/batch', { code: '687602' }, { token: admin }),
    );
    expectFailure(early, 'ipo.notAwaitingAllotment');
    expectFailure(
      await t.api.post('/api/admin/ipo/batch', { code: '687999' }, { token: admin }),
      'ipo.notFound',
    );
  });

  it('serves the queue dashboard to admins, by header or by the client cookie', async () => {
    const page = await t.api.get('/admin/queues', { token: admin });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const byCookie = await t.api.get('/admin/queues/api/queues', {
      headers: { cookie: `Admin-Token=${admin}` },
    });
    expect(byCookie.status).toBe(200);
    const names = (byCookie.body as unknown as { queues: { name: string }[] }).queues.map((q) => q.name);
    // Every queue the workers run (workers/src/index.ts SERVICES), by the names on Redis.
    expect(names).toEqual(
      expect.arrayContaining([
        'ipo-allotment',
        'ipo-calendar',
        'market-dragon-tiger',
        'bank-transfers',
        'store-withdrawal-payouts',
        'cash-fund-accrual',
        'account-session-purge',
      ]),
    );
  });

  it('leaves a queue running when an ordinary user tries to pause it', async () => {
    const queue = new Queue('bank-transfers', { connection: t.redis, prefix: bullPrefix(t.redisPrefix) });
    try {
      await t.api.request('PUT', '/admin/queues/api/queues/bank-transfers/pause', { token: ordinary });
      expect(await queue.isPaused()).toBe(false);
      const paused = await t.api.request('PUT', '/admin/queues/api/queues/bank-transfers/pause', {
        token: admin,
      });
      expect(paused.status).toBe(200);
      expect(await queue.isPaused()).toBe(true);
    } finally {
      await queue.resume();
      await queue.close();
    }
  });
});
