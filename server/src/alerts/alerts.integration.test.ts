import { FeedDouble, feedQuote } from '@bourse/core/market/testing/feedDouble.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type ErrorKey,
  type ErrorParams,
  MAX_ACTIVE_ALERTS,
  type PriceAlertView,
  priceAlertRoutes,
} from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../market/testing/eventually.ts';
import { expectOk, expectRefused } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

const LISTED = ['605100', '605101'];
const { list, create, update, remove } = priceAlertRoutes;

describe.each(DB_KINDS)('price alert routes on %s', (kind) => {
  const t = useTestServer(kind);

  beforeAll(async () => {
    await new FeedDouble(t.redis, t.redisPrefix).quotes(
      LISTED.map((symbol) => feedQuote(symbol, { name: `浦发${symbol.slice(-1)}` })),
    );
    await eventually(async () =>
      expect((await t.api.get(`/api/market/quotes?symbols=${LISTED.at(-1)}`)).status).toBe(200),
    );
  });

  const opts = (token: string) => ({ token, lang: 'en' as const });
  const getAll = (token: string) => t.api.get('/api/user/alerts', opts(token));
  const post = (token: string, body: unknown) => t.api.post('/api/user/alerts', body, opts(token));
  const put = (token: string, id: string, body: unknown) =>
    t.api.request('PUT', `/api/user/alerts/${id}`, {
      ...opts(token),
      body: JSON.stringify(body),
      contentType: 'application/json',
    });
  const del = (token: string, id: string) => t.api.request('DELETE', `/api/user/alerts/${id}`, opts(token));
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params?: ErrorParams) =>
    expectRefused(t.database.db, send, key, params);
  const above = { symbol: '605100', kind: 'above', level: '10.50', repeat: false };

  it('creates, lists newest first, changes, disables, re-enables and deletes', async () => {
    const { token } = await t.api.signUp();
    const first = expectOk(await post(token, above), create.response);
    expect(first).toMatchObject({
      symbol: '605100',
      name: '浦发0',
      kind: 'above',
      level: '10.5',
      percent: null,
      repeat: false,
      cooldownMinutes: null,
      enabled: true,
      lastFiredAt: null,
    });
    const second = expectOk(
      await post(token, {
        symbol: '605101',
        kind: 'fallBy',
        percent: '3.5',
        repeat: true,
        cooldownMinutes: 20,
      }),
      create.response,
    );
    expect(second).toMatchObject({
      kind: 'fallBy',
      percent: '3.5',
      level: null,
      repeat: true,
      cooldownMinutes: 20,
    });
    expect(expectOk(await getAll(token), list.response)).toEqual({
      alerts: [second, first],
      max: MAX_ACTIVE_ALERTS,
    });

    const changed = expectOk(
      await put(token, first.id, { enabled: false, kind: 'limitUp', repeat: true, cooldownMinutes: 5 }),
      update.response,
    );
    expect(changed).toMatchObject({
      id: first.id,
      kind: 'limitUp',
      level: null,
      enabled: false,
      cooldownMinutes: 5,
    });
    expect(
      expectOk(
        await put(token, first.id, { enabled: true, kind: 'limitUp', repeat: false }),
        update.response,
      ),
    ).toMatchObject({ enabled: true, repeat: false, cooldownMinutes: null });

    expect(expectOk(await del(token, second.id), remove.response).alerts.map((a) => a.id)).toEqual([
      first.id,
    ]);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const { token } = await t.api.signUp();
    const cases: [unknown, ErrorKey, ErrorParams?][] = [
      [{ ...above, symbol: '60510' }, 'market.badSymbol', { field: 'symbol' }],
      [{ ...above, kind: 'sideways' }, 'priceAlert.badKind', { field: 'kind' }],
      [{ ...above, level: '0' }, 'priceAlert.badLevel', { field: 'level' }],
      [{ ...above, level: '-1' }, 'priceAlert.badLevel', { field: 'level' }],
      [{ ...above, level: '10.1234' }, 'priceAlert.badLevel', { field: 'level' }],
      [{ ...above, level: 10.5 }, 'priceAlert.badLevel', { field: 'level' }],
      [{ ...above, level: undefined }, 'priceAlert.levelMisfit', { field: 'level' }],
      [{ ...above, percent: '2' }, 'priceAlert.percentMisfit', { field: 'percent' }],
      [
        { symbol: '605100', kind: 'riseBy', percent: '30.01', repeat: false },
        'priceAlert.badPercent',
        { field: 'percent' },
      ],
      [
        { symbol: '605100', kind: 'riseBy', percent: '0', repeat: false },
        'priceAlert.badPercent',
        { field: 'percent' },
      ],
      [{ symbol: '605100', kind: 'riseBy', repeat: false }, 'priceAlert.percentMisfit', { field: 'percent' }],
      [
        { symbol: '605100', kind: 'limitDown', level: '9', repeat: false },
        'priceAlert.levelMisfit',
        { field: 'level' },
      ],
      [{ ...above, repeat: true }, 'priceAlert.cooldownMisfit', { field: 'cooldownMinutes' }],
      [
        { ...above, repeat: true, cooldownMinutes: 0 },
        'priceAlert.badCooldown',
        { field: 'cooldownMinutes' },
      ],
      [
        { ...above, repeat: true, cooldownMinutes: 1.5 },
        'priceAlert.badCooldown',
        { field: 'cooldownMinutes' },
      ],
      [
        { ...above, repeat: false, cooldownMinutes: 5 },
        'priceAlert.cooldownMisfit',
        { field: 'cooldownMinutes' },
      ],
      [{ ...above, repeat: 'yes' }, 'priceAlert.badRepeat', { field: 'repeat' }],
      [{ ...above, symbol: '999999' }, 'market.unknownSymbol', { symbol: '999999' }],
    ];
    for (const [body, key, params] of cases) await refused(() => post(token, body), key, params);

    const alert = expectOk(await post(token, above), create.response);
    await refused(() => put(token, alert.id, { ...above, symbol: undefined }), 'priceAlert.badEnabled', {
      field: 'enabled',
    });
    await refused(
      () => put(token, 'not-a-uuid', { enabled: true, kind: 'limitUp', repeat: false }),
      'priceAlert.notFound',
    );
    await refused(() => del(token, 'not-a-uuid'), 'priceAlert.notFound');
  });

  it(`holds at most ${MAX_ACTIVE_ALERTS} enabled alerts; disabled ones do not count`, async () => {
    const { token } = await t.api.signUp();
    const made: PriceAlertView[] = [];
    for (let i = 0; i < MAX_ACTIVE_ALERTS; i++)
      made.push(expectOk(await post(token, { ...above, level: `${10 + i}` }), create.response));
    await refused(() => post(token, above), 'priceAlert.tooMany', { max: MAX_ACTIVE_ALERTS });

    const off = { enabled: false, kind: 'above', level: '10', repeat: false };
    expectOk(await put(token, made[0]!.id, off), update.response);
    const last = expectOk(await post(token, above), create.response);
    // Re-enabling the first would make 51.
    await refused(() => put(token, made[0]!.id, { ...off, enabled: true }), 'priceAlert.tooMany', {
      max: MAX_ACTIVE_ALERTS,
    });
    expectOk(await del(token, last.id), remove.response);
    expect(expectOk(await put(token, made[0]!.id, { ...off, enabled: true }), update.response).enabled).toBe(
      true,
    );
  });

  it("never shows or touches another user's alert", async () => {
    const owner = await t.api.signUp();
    const other = await t.api.signUp();
    const alert = expectOk(await post(owner.token, above), create.response);
    expect(expectOk(await getAll(other.token), list.response).alerts).toEqual([]);
    await refused(
      () => put(other.token, alert.id, { enabled: false, kind: 'limitUp', repeat: false }),
      'priceAlert.notFound',
    );
    await refused(() => del(other.token, alert.id), 'priceAlert.notFound');
    expect(expectOk(await getAll(owner.token), list.response).alerts).toEqual([alert]);
  });

  it('requires a login', async () => {
    for (const res of [
      await t.api.get('/api/user/alerts'),
      await t.api.post('/api/user/alerts', above),
      await t.api.request('DELETE', '/api/user/alerts/00000000-0000-4000-8000-000000000000'),
    ])
      expect(res.status).toBe(401);
  });
});
