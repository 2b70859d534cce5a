import { randomBytes } from 'node:crypto';
import { newRegistration } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { rowCounts, withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('POST /api/user/register on %s', (kind) => {
  const startingDeposit = vi.fn(async () => {});
  const t = useTestServer(kind, { registrationHooks: { startingDeposit } });

  /** Sends `query` as is and checks the refusal wrote nothing. */
  const refused = (query: unknown, lang?: string) =>
    withoutWrites(t.database.db, () => t.api.post('/api/user/register', { query }, { lang }));

  it('creates the account and answers like login, logged in', async () => {
    const registration = newRegistration();
    const before = await rowCounts(t.database.db);
    const { userinfo } = expectOk(
      await t.api.register(registration, { lang: 'ja' }),
      userRoutes.register.response,
    );
    expect(userinfo).toMatchObject({
      account: registration.account,
      username: 'Li',
      givenName: 'Lei',
      email: registration.email,
      mobile: '13800138000',
      role: 'user',
      avatarUrl: null,
      lang: { file_name: 'ja', language_name: '日本語' },
    });
    expect(await rowCounts(t.database.db)).toMatchObject({
      users: before.users! + 1,
      sessions: before.sessions! + 1,
    });
    const info = expectOk(
      await t.api.get('/api/user/info', { token: userinfo.token }),
      userRoutes.info.response,
    );
    expect(info.id).toBe(userinfo.id);
  });

  it('keeps the language chosen at registration over the header', async () => {
    const { userinfo } = expectOk(
      await t.api.register(newRegistration({ lang: 'th' }), { lang: 'fr' }),
      userRoutes.register.response,
    );
    expect(userinfo.lang.file_name).toBe('th');
  });

  it('stores an argon2id hash, never the password', async () => {
    const registration = newRegistration();
    await t.api.register(registration);
    const rows = await t.database.db.query.users.findMany();
    const user = rows.find((u) => u.account === registration.account);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain(registration.password);
  });

  it('runs the starting-deposit hook inside registration in demo mode', async () => {
    startingDeposit.mockClear();
    const { userinfo } = expectOk(await t.api.register(newRegistration()), userRoutes.register.response);
    expect(startingDeposit).toHaveBeenCalledTimes(1);
    expect(startingDeposit).toHaveBeenCalledWith(expect.anything(), userinfo.id);
  });

  it('rolls the account back when the hook fails', async () => {
    startingDeposit.mockRejectedValueOnce(new Error('ledger down'));
    const registration = newRegistration();
    expectFailure(await withoutWrites(t.database.db, () => t.api.register(registration)), 'common.internal');
  });

  it('refuses a duplicate account, whatever its case', async () => {
    const registration = newRegistration();
    await t.api.register(registration);
    const again = (changes: object, lang?: string) =>
      withoutWrites(t.database.db, () => t.api.register({ ...registration, ...changes }, { lang }));
    expectFailure(await again({ email: 'other@example.com' }, 'ko'), 'auth.accountTaken', 'ko');
    expectFailure(await again({ account: registration.account.toUpperCase() }), 'auth.accountTaken');
  });

  it('refuses a query that is not base64', async () => {
    expectFailure(await refused('not base64!!', 'en'), 'auth.queryNotBase64', 'en');
  });

  it('refuses a query it cannot decrypt', async () => {
    expectFailure(await refused(randomBytes(256).toString('base64'), 'fr'), 'auth.queryUndecryptable', 'fr');
  });

  it('refuses a query that decrypts to something other than JSON', async () => {
    const query = await t.api.encryptText('account=alice&password=secret123');
    expectFailure(await refused(query, 'it'), 'auth.queryNotJson', 'it');
  });

  it('refuses a body without query', async () => {
    const res = await withoutWrites(t.database.db, () => t.api.post('/api/user/register', {}));
    expectFailure(res, 'auth.inputAccountPassword');
  });

  it.each([
    ['account', 'auth.inputAccountPassword'],
    ['password', 'auth.inputAccountPassword'],
    ['username', 'validation.name'],
    ['givenName', 'validation.name'],
    ['email', 'validation.email'],
    ['mobile', 'validation.mobile'],
  ] as const)('refuses credentials without %s', async (field, key) => {
    const { [field]: _, ...partial } = newRegistration();
    expectFailure(await refused(await t.api.encrypt(partial), 'ja'), key, 'ja');
  });

  it.each([
    ['a short password', { password: '12345' }, 'validation.passwordMin'],
    ['a bad email', { email: 'alice@' }, 'validation.email'],
    ['a bad mobile', { mobile: '12345' }, 'validation.mobile'],
    ['a bad account', { account: 'a b' }, 'validation.account'],
    ['an unknown language', { lang: 'de' }, 'validation.language'],
  ] as const)('refuses %s', async (_, overrides, key) => {
    expectFailure(await refused(await t.api.encrypt({ ...newRegistration(), ...overrides })), key);
  });
});

describe.each(DB_KINDS)('registrations per IP on %s', (kind) => {
  const t = useTestServer(kind, { config: { registrationsPerIpPerHour: 3 } });
  const ip = () => `198.18.${[...randomBytes(2)].join('.')}`;

  it('allows the hourly number from one IP, even all at once, then answers 429 in the user language', async () => {
    const address = ip();
    const before = await rowCounts(t.database.db);
    const all = await Promise.all(
      Array.from({ length: 5 }, () => t.api.register(newRegistration(), { ip: address, lang: 'fr' })),
    );
    expect(all.filter((res) => res.status === 200)).toHaveLength(3);
    for (const res of all.filter((r) => r.status !== 200)) {
      expectFailure(res, 'auth.tooManyRegistrations', 'fr', { minutes: 60 });
    }
    expect((await rowCounts(t.database.db)).users).toBe(before.users! + 3);
    const next = await withoutWrites(t.database.db, () =>
      t.api.register(newRegistration(), { ip: address, lang: 'zh-CN' }),
    );
    expectFailure(next, 'auth.tooManyRegistrations', 'zh-CN', { minutes: 60 });
    expect(next.body.msg).toBe('您所在网络注册的账户过多，请 60 分钟后再试。');
    // Another address is not affected.
    expectOk(await t.api.register(newRegistration(), { ip: ip() }), userRoutes.register.response);
  });

  it('does not count a registration that failed', async () => {
    const address = ip();
    const { credentials } = await t.api.signUp();
    for (let i = 0; i < 4; i++) {
      expectFailure(
        await t.api.register(newRegistration({ account: credentials.account }), { ip: address }),
        'auth.accountTaken',
      );
    }
    for (let i = 0; i < 3; i++) {
      expectOk(await t.api.register(newRegistration(), { ip: address }), userRoutes.register.response);
    }
  });
});

describe.each(DB_KINDS)('POST /api/user/register without Redis on %s', (kind) => {
  // Nothing listens on port 1: the per-IP count cannot be kept.
  const t = useTestServer(kind, { redisUrl: 'redis://127.0.0.1:1' });

  it('refuses with 503 rather than register without a limit, writing nothing', async () => {
    const res = await withoutWrites(t.database.db, () => t.api.register(newRegistration(), { lang: 'ko' }));
    expectFailure(res, 'common.unavailable', 'ko');
  });
});
