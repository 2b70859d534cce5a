import { randomUUID } from 'node:crypto';
import { Dec, holderDailyYield, sevenDayAnnualisedYield } from '@bourse/shared';
import { eq, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit } from '../ledger/ledger.ts';
import { postings } from '../ledger/schema.ts';
import type { Database } from '../platform/database.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { redisMarketView } from '../trading/marketView.ts';
import { createUser } from '../trading/testing/serviceDeps.ts';
import { accrueThrough } from './accrual.ts';
import { type CashFundDeps, redeem, subscribe } from './cashFund.ts';
import { cashFundDays, cashFundHoldings, cashFundYields } from './schema.ts';
import { expectFundBalanced } from './testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The fund's income per 10,000 units, day by day. */
const RATES: Record<string, string> = {
  '2026-03-01': '0.4123',
  '2026-03-02': '0.4130',
  '2026-03-03': '0.4012',
  '2026-03-04': '0.3987',
  '2026-03-05': '0.4420',
  '2026-03-06': '0.4399',
};
const rate = (date: string) => new Dec(RATES[date] ?? '0.4000');
/** Noon in Beijing on a day. */
const noon = (date: string) => new Date(`${date}T12:00:00+08:00`);

describe.each(DB_KINDS)('the cash fund accrual on %s', (kind) => {
  let database: Database;
  let redis: Redis;
  let deps: CashFundDeps;
  const users: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL);
    // No feed under this prefix: the fund's day is the wall-clock day, which `now` sets.
    deps = {
      db: database.db,
      market: redisMarketView(redis, `test:${randomUUID()}:`),
      events: { publish: () => {} },
    };
    for (const name of ['a', 'b', 'c'] as const) {
      users[name] = await createUser(database.db);
      await database.db.transaction((tx) => deposit(tx, users[name], new Dec(100_000), '2026-02-27'));
    }
    const trade = (fn: typeof subscribe, user: string, amount: string, date: string) =>
      fn(deps, user, amount, randomUUID(), noon(date));
    await trade(subscribe, users.a, '10000.00', '2026-03-01');
    await trade(subscribe, users.b, '100.00', '2026-03-01');
    await trade(subscribe, users.b, '5000.00', '2026-03-02');
    await trade(subscribe, users.c, '0.50', '2026-03-02');
    await trade(redeem, users.a, '4000.00', '2026-03-03');
  });
  afterAll(async () => {
    redis.disconnect();
    await database.close();
  });

  const accrual = (chunkSize = 2) => ({ db: database.db, yieldPer10k: rate, chunkSize });

  /**
   * The rule worked through in decimal.js, apart from the SQL: each day's basis is the smaller of
   * the units at its start and its end (before its yield), the yield is holderDailyYield.
   */
  function expectedYields(flows: Record<string, number>, through: string[]) {
    let units = new Dec(0);
    let carry = new Dec(0);
    const paid: Record<string, string> = {};
    for (const day of through) {
      const start = units;
      const end = units.plus(flows[day] ?? 0);
      const basis = Dec.max(0, Dec.min(start, end));
      units = end;
      if (basis.isZero()) continue;
      const y = holderDailyYield(basis, rate(day), carry);
      paid[day] = y.paid.toFixed(2);
      carry = y.carry;
      units = units.plus(y.paid);
    }
    return { paid, units: units.toFixed(2) };
  }

  const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
  const paidOf = async (userId: string) =>
    Object.fromEntries(
      (await database.db.select().from(cashFundYields).where(eq(cashFundYields.userId, userId))).map((y) => [
        y.date,
        new Dec(y.paid).toFixed(2),
      ]),
    );
  const unitsOf = async (userId: string) => {
    const [h] = await database.db.select().from(cashFundHoldings).where(eq(cashFundHoldings.userId, userId));
    return new Dec(h?.units ?? 0).toFixed(2);
  };

  it('pays each holder each day by the written rule, once', async () => {
    const report = await accrueThrough(accrual(), '2026-03-05');
    expect(report.days).toEqual(DAYS);

    // Flows on the day before each subscription's confirmation: bought on Sunday 1 March (Monday's
    // application) or on Monday 2 March, they are confirmed on Tuesday 3 March and earn from then.
    const a = expectedYields({ '2026-03-02': 10_000, '2026-03-03': -4_000 }, DAYS);
    const b = expectedYields({ '2026-03-02': 5_100 }, DAYS);
    const c = expectedYields({ '2026-03-02': 0.5 }, DAYS);
    // Worked by hand: A's 10,000.00 earn from 3 March, when A redeems 4,000, so 6,000.00 earn:
    // 6,000 × 0.4012 / 10,000 = 0.24072 → 0.24; nothing on 1 or 2 March.
    expect(a.paid['2026-03-03']).toBe('0.24');
    expect(Object.keys(a.paid)[0]).toBe('2026-03-03');
    // C's 0.50 units earn 0.0000206 a day: nothing is paid yet, all of it carried.
    expect(c.paid).toEqual({ '2026-03-03': '0.00', '2026-03-04': '0.00', '2026-03-05': '0.00' });
    expect(await paidOf(users.a)).toEqual(a.paid);
    expect(await paidOf(users.b)).toEqual(b.paid);
    expect(await paidOf(users.c)).toEqual(c.paid);
    expect([await unitsOf(users.a), await unitsOf(users.b), await unitsOf(users.c)]).toEqual([
      a.units,
      b.units,
      c.units,
    ]);

    const [day5] = await database.db.select().from(cashFundDays).where(eq(cashFundDays.date, '2026-03-05'));
    expect(day5?.annualised7d).toBe(sevenDayAnnualisedYield(DAYS.map(rate)).toFixed(3));
    await expectFundBalanced(database.db);
  });

  it('pays nothing twice when run again, after a run that died before marking its day, or twice at once', async () => {
    const before = await database.db.select().from(cashFundYields);
    expect((await accrueThrough(accrual(), '2026-03-05')).days).toEqual([]);
    // As if the last run died after paying every holder but before marking the day done.
    await database.db
      .update(cashFundDays)
      .set({ accruedAt: null })
      .where(eq(cashFundDays.date, '2026-03-05'));
    const rerun = await accrueThrough(accrual(), '2026-03-05');
    expect(rerun).toEqual({ days: ['2026-03-05'], holders: 0, paid: '0.00' });
    expect(await database.db.select().from(cashFundYields)).toHaveLength(before.length);

    const [one, two] = await Promise.all([
      accrueThrough(accrual(1), '2026-03-06'),
      accrueThrough(accrual(1), '2026-03-06'),
    ]);
    expect(one.holders + two.holders).toBe(3);
    const sixth = await database.db
      .select()
      .from(cashFundYields)
      .where(eq(cashFundYields.date, '2026-03-06'));
    expect(sixth.map((y) => y.userId).sort()).toEqual(Object.values(users).sort());
    expect(await database.db.select().from(cashFundDays).where(isNull(cashFundDays.accruedAt))).toEqual([]);
    await expectFundBalanced(database.db);
  });

  it('credits each holder once, with a ledger entry each, when overlapping runs cut the holders into different chunks', async () => {
    const more: string[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await createUser(database.db);
      await database.db.transaction((tx) => deposit(tx, user, new Dec(10_000), '2026-03-05'));
      // Thursday's purchase, confirmed on Friday: it earns on Saturday the 7th.
      await subscribe(deps, user, `${1000 + i}.00`, randomUUID(), noon('2026-03-05'));
      more.push(user);
    }
    const holders = [...Object.values(users), ...more];
    const unitsBefore = new Map(await Promise.all(holders.map(async (u) => [u, await unitsOf(u)] as const)));

    // A run of one holder per chunk pays the first holder while a run of four still holds it in
    // its first chunk: that chunk must pay only the holders it finds unpaid.
    await Promise.all([accrueThrough(accrual(1), '2026-03-07'), accrueThrough(accrual(4), '2026-03-07')]);

    const seventh = await database.db
      .select()
      .from(cashFundYields)
      .where(eq(cashFundYields.date, '2026-03-07'));
    expect(seventh.map((y) => y.userId).sort()).toEqual([...holders].sort());
    for (const y of seventh) {
      expect(await unitsOf(y.userId)).toBe(new Dec(unitsBefore.get(y.userId)!).plus(y.paid).toFixed(2));
      expect(new Dec(y.unitsAfter).toFixed(2)).toBe(await unitsOf(y.userId));
    }
    // Each paid holder-day has an entry of its own, of exactly its yield.
    const paid = seventh.filter((y) => !new Dec(y.paid).isZero());
    expect(paid.length).toBeGreaterThan(0);
    expect(new Set(paid.map((y) => y.entryId)).size).toBe(paid.length);
    for (const y of paid) {
      const lines = await database.db.select().from(postings).where(eq(postings.entryId, y.entryId!));
      expect(lines.map((l) => new Dec(l.amount).abs().toFixed(2))).toEqual([
        new Dec(y.paid).toFixed(2),
        new Dec(y.paid).toFixed(2),
      ]);
    }
    await expectFundBalanced(database.db);
  });
});
