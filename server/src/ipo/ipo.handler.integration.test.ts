import { givePayPassword, verifyUser } from '@bourse/core/identity/testing.ts';
import { createIpo } from '@bourse/core/ipo/createIpo.ts';
import { holdingSnapshots, ipoAllotments, ipoSubscriptions, ipos } from '@bourse/core/ipo/schema.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble } from '@bourse/core/trading/testing/marketDouble.ts';
import { ipoRoutes, tradingRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

// T = Thu 2026-07-09: T-2 = Tue 07-07; the 20 trading days to it run from Wed 06-09
// (06-19 is the Dragon Boat holiday): 06-09..06-12 (4), 06-15..06-18 (4), 06-22..06-26 (5), 06-29..07-03 (5), 07-06, 07-07.
const T = '2026-07-09';
const WINDOW_DAYS = [
  ...['06-09', '06-10', '06-11', '06-12', '06-15', '06-16', '06-17', '06-18'],
  ...[
    '06-22',
    '06-23',
    '06-24',
    '06-25',
    '06-26',
    '06-29',
    '06-30',
    '07-01',
    '07-02',
    '07-03',
    '07-06',
    '07-07',
  ],
].map((d) => `2026-${d}`);
const PAY_PASSWORD = '135790';

describe.each(DB_KINDS)('IPO routes on %s', (kind) => {
  const t = useTestServer(kind);
  let investor: { token: string; userId: string };

  const signUp = async () => {
    const { token, user } = await t.api.signUp();
    return { token, userId: user.id };
  };
  /** A verified user with a payment password and `value` CNY on SSE on the given days. */
  const investorWith = async (value: string, days: readonly string[]) => {
    const user = await signUp();
    await verifyUser(t.database.db, user.userId);
    await givePayPassword(t.database.db, user.userId, PAY_PASSWORD);
    if (days.length > 0) {
      await t.database.db.insert(holdingSnapshots).values(
        days.map((tradingDate) => ({
          userId: user.userId,
          exchange: 'SSE' as const,
          tradingDate,
          marketValue: value,
        })),
      );
    }
    return user;
  };
  const issue = async (
    code: string,
    status: (typeof ipos.$inferSelect)['status'],
    onlineShares = 3_000_000,
  ) => {
    const ipo = await createIpo(t.database.db, {
      code,
      name: `新股${code}`,
      price: '12.34',
      onlineShares,
      subscriptionDate: T,
    });
    await t.database.db.update(ipos).set({ status }).where(eq(ipos.id, ipo.id));
    return ipo;
  };
  const subscribe = (token: string, body: Record<string, unknown>, lang?: string) =>
    t.api.post('/api/ipo/subscribe', body, { token, lang });

  beforeAll(async () => {
    await new MarketDouble(t.redis, t.redisPrefix).status({ tradingDate: T });
    // Holdings of 50,000 on 10 of the 20 days and more outside the window: average 25,000.
    investor = await investorWith('50000.00', [...WINDOW_DAYS.slice(0, 10), '2026-06-08', '2026-07-08']);
    await issue('687301', 'subscribing');
    await issue('687302', 'upcoming');
  });

  it('lists the calendar without a login, by status', async () => {
    const all = expectOk(await t.api.get('/api/ipo/calendar'), ipoRoutes.calendar.response);
    expect(all.map((i) => i.code).sort()).toEqual(['687301', '687302']);
    const open = expectOk(
      await t.api.get('/api/ipo/calendar?status=subscribing'),
      ipoRoutes.calendar.response,
    );
    expect(open).toHaveLength(1);
    // 3,000,000 online: at most 1/1000 = 3,000 shares; dates T, T+1, T+2 and listing 3 trading days later
    expect(open[0]).toMatchObject({
      code: '687301',
      exchange: 'SSE',
      board: 'star',
      price: '12.34',
      unitShares: 500,
      maxShares: 3_000,
      subscriptionDate: T,
      allotmentDate: '2026-07-10',
      paymentDate: '2026-07-13',
      listingDate: '2026-07-16',
      status: 'subscribing',
      draw: null,
    });
    expect(open[0]?.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expectFailure(await t.api.get('/api/ipo/calendar?status=soon'), 'ipo.badStatus');
    const one = expectOk(await t.api.get('/api/ipo/issue?code=687301'), ipoRoutes.issue.response);
    expect(one).toEqual(open[0]);
    expectFailure(await t.api.get('/api/ipo/issue?code=687999'), 'ipo.notFound');
  });

  it("shows the user's quota from the 20 trading days to T-2", async () => {
    expectFailure(await t.api.get('/api/ipo/detail?code=687301'), 'auth.loginFirst');
    const detail = expectOk(
      await t.api.get('/api/ipo/detail?code=687301', { token: investor.token }),
      ipoRoutes.detail.response,
    );
    // 10 × 50,000 / 20 = 25,000 → 5 units of 500 = 2,500 shares, under the cap of 3,000
    expect(detail.quota).toEqual({
      exchange: 'SSE',
      averageHoldingValue: '25000.00',
      window: { from: '2026-06-09', to: '2026-07-07' },
      quotaShares: 2_500,
      maxShares: 2_500,
      barredUntil: null,
    });
    expect(detail.subscription).toBeNull();
    expectFailure(await t.api.get('/api/ipo/detail?code=687999', { token: investor.token }), 'ipo.notFound');
    expectFailure(
      await t.api.get('/api/ipo/detail?code=68830', { token: investor.token }),
      'market.badSymbol',
    );
  });

  it('refuses every bad subscription with its reason and writes nothing', async () => {
    const { db } = t.database;
    const good = { code: '687301', shares: 2_500, payPassword: PAY_PASSWORD };
    const unverified = await signUp();
    const poor = await investorWith('9999.00', WINDOW_DAYS);
    const noPassword = await signUp();
    await verifyUser(db, noPassword.userId);
    await db.insert(holdingSnapshots).values(
      WINDOW_DAYS.map((tradingDate) => ({
        userId: noPassword.userId,
        exchange: 'SSE' as const,
        tradingDate,
        marketValue: '20000',
      })),
    );
    const cases: [
      string,
      { token: string },
      Record<string, unknown>,
      Parameters<typeof expectFailure>[1],
      Record<string, string | number>,
    ][] = [
      ['unverified', unverified, good, 'identity.notVerified', {}],
      ['unknown issue', investor, { ...good, code: '687999' }, 'ipo.notFound', {}],
      ['not open yet', investor, { ...good, code: '687302' }, 'ipo.notSubscribing', {}],
      ['not whole units', investor, { ...good, shares: 700 }, 'ipo.unitsInvalid', { unit: 500 }],
      ['zero', investor, { ...good, shares: 0 }, 'ipo.unitsInvalid', {}],
      ['fractional', investor, { ...good, shares: 500.5 }, 'ipo.unitsInvalid', {}],
      ['a string', investor, { ...good, shares: '500' }, 'ipo.unitsInvalid', {}],
      ['above the quota', investor, { ...good, shares: 3_000 }, 'ipo.aboveQuota', { max: 2_500 }],
      ['holdings under 10,000', poor, { ...good, shares: 500 }, 'ipo.noQuota', { min: '10,000' }],
      ['no payment password set', noPassword, { ...good, shares: 500 }, 'payPassword.notSet', {}],
      ['a malformed payment password', investor, { ...good, payPassword: '12ab' }, 'payPassword.format', {}],
      [
        'a wrong payment password',
        investor,
        { ...good, payPassword: '000000' },
        'payPassword.wrong',
        { attemptsLeft: 4 },
      ],
    ];
    for (const [, user, body, key, params] of cases) {
      const res = await withoutWrites(db, () => subscribe(user.token, body));
      expectFailure(res, key, 'zh-CN', params);
    }
    // In the user's language.
    const english = await withoutWrites(db, () =>
      subscribe(investor.token, { ...good, shares: 3_000 }, 'en'),
    );
    expectFailure(english, 'ipo.aboveQuota', 'en', { max: 2_500 });
    expectFailure(await subscribe('', good), 'auth.loginFirst');
  });

  it('takes one subscription per account, with nothing frozen', async () => {
    const account = () => t.api.get('/api/trade/account', { token: investor.token });
    const before = expectOk(await account(), tradingRoutes.account.response);
    const taken = expectOk(
      await subscribe(investor.token, { code: '687301', shares: 2_500, payPassword: PAY_PASSWORD }),
      ipoRoutes.subscribe.response,
    );
    expect(taken).toMatchObject({
      code: '687301',
      shares: 2_500,
      state: 'pending',
      numbers: null,
      wonShares: null,
    });
    const again = await withoutWrites(t.database.db, () =>
      subscribe(investor.token, { code: '687301', shares: 500, payPassword: PAY_PASSWORD }),
    );
    expectFailure(again, 'ipo.alreadySubscribed');
    const mine = expectOk(
      await t.api.get('/api/ipo/subscriptions', { token: investor.token }),
      ipoRoutes.subscriptions.response,
    );
    expect(mine).toMatchObject({ total: 1, items: [{ code: '687301', shares: 2_500, state: 'pending' }] });
    const detail = expectOk(
      await t.api.get('/api/ipo/detail?code=687301', { token: investor.token }),
      ipoRoutes.detail.response,
    );
    expect(detail.subscription?.shares).toBe(2_500);
    // A-share practice: nothing is frozen at subscription.
    const after = expectOk(await account(), tradingRoutes.account.response);
    expect(after).toMatchObject({ available: before.available, frozen: '0.00' });
  });

  it('bars an account after three abandons within 12 months', async () => {
    const { db } = t.database;
    const barred = await investorWith('50000.00', WINDOW_DAYS);
    // Three issues whose allotments it abandoned, due on 2025-09-01, 2026-01-06 and 2026-06-01.
    for (const [code, date] of [
      ['607901', '2025-08-28'],
      ['607902', '2025-12-31'],
      ['607903', '2026-05-28'],
    ] as const) {
      const old = await createIpo(db, {
        code,
        name: code,
        price: '10.00',
        onlineShares: 1_000_000,
        subscriptionDate: date,
      });
      const [sub] = await db
        .insert(ipoSubscriptions)
        .values({ ipoId: old.id, userId: barred.userId, units: 2 })
        .returning();
      await db
        .insert(ipoAllotments)
        .values({ ipoId: old.id, subscriptionId: sub!.id, userId: barred.userId, wonUnits: 1, paidUnits: 0 });
    }
    const res = await withoutWrites(db, () =>
      subscribe(barred.token, { code: '687301', shares: 500, payPassword: PAY_PASSWORD }),
    );
    // The third abandon's payment day 2026-06-01 + 180 days
    expectFailure(res, 'ipo.barred', 'zh-CN', { until: '2026-11-28' });
  });
});
