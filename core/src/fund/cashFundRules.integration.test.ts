import { randomUUID } from 'node:crypto';
import { Dec } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, readUserCash } from '../ledger/ledger.ts';
import type { Database } from '../platform/database.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { redisMarketView } from '../trading/marketView.ts';
import { createUser } from '../trading/testing/serviceDeps.ts';
import { accrueThrough } from './accrual.ts';
import { type CashFundDeps, overview, payDueRedemptions, redeem, subscribe } from './cashFund.ts';
import { cashFundYields } from './schema.ts';
import { expectFundBalanced } from './testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Beijing time on a day of March 2026 (the 6th is a Friday). */
const at = (date: string, time = '12:00') => new Date(`${date}T${time}:00+08:00`);

describe.each(DB_KINDS)('the cash fund rules on %s', (kind) => {
  let database: Database;
  let redis: Redis;
  let deps: CashFundDeps;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL);
    // No feed under this prefix: the fund's day and the phase are the wall clock's, which `at` sets.
    deps = {
      db: database.db,
      market: redisMarketView(redis, `test:${randomUUID()}:`),
      events: { publish: () => {} },
    };
  });
  afterAll(async () => {
    redis.disconnect();
    await database.close();
  });

  const holder = async (cash = 100_000) => {
    const user = await createUser(database.db);
    await database.db.transaction((tx) => deposit(tx, user, new Dec(cash), '2026-03-02'));
    return user;
  };
  const available = async (user: string) =>
    (await readUserCash(database.db, user)).available.balance.toFixed(2);
  const paidDays = async (user: string) =>
    (await database.db.select().from(cashFundYields).where(eq(cashFundYields.userId, user)))
      .filter((y) => !new Dec(y.paid).isZero())
      .map((y) => y.date)
      .sort();

  it('pays a purchase from its confirmation on the next trading day, never over the weekend before it', async () => {
    const thursday = await holder();
    const friday = await holder();
    const fridayLate = await holder();
    const bought = [
      await subscribe(deps, thursday, '10000.00', randomUUID(), at('2026-03-05')),
      await subscribe(deps, friday, '10000.00', randomUUID(), at('2026-03-06')),
      // After the 15:00 close: Monday's application, confirmed on Tuesday.
      await subscribe(deps, fridayLate, '10000.00', randomUUID(), at('2026-03-06', '15:30')),
    ];
    expect(bought.map((b) => b.operation.earnsFrom)).toEqual(['2026-03-06', '2026-03-09', '2026-03-10']);

    // 1.0000 per 10,000 units a day: each holder of 10,000.00 earns 1.00 a day it holds them.
    await accrueThrough(
      { db: database.db, yieldPer10k: () => new Dec('1.0000'), chunkSize: 10 },
      '2026-03-10',
    );
    expect(await paidDays(thursday)).toEqual([
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(await paidDays(friday)).toEqual(['2026-03-09', '2026-03-10']);
    expect(await paidDays(fridayLate)).toEqual(['2026-03-10']);
    await expectFundBalanced(database.db);
  });

  it('pays at most 10,000 CNY of redemptions a day at once and the rest on the next trading day', async () => {
    const user = await holder();
    await subscribe(deps, user, '40000.00', randomUUID(), at('2026-03-02'));
    const before = new Dec(await available(user));

    const big = (await redeem(deps, user, '25000.00', randomUUID(), at('2026-03-11'))).operation;
    expect(big).toMatchObject({ units: '-25000.00', deferred: '15000.00', payableOn: '2026-03-12' });
    expect(await available(user)).toBe(before.plus(10_000).toFixed(2));
    // The day's cap is used up: all of this one waits.
    const small = (await redeem(deps, user, '3000.00', randomUUID(), at('2026-03-11', '14:00'))).operation;
    expect(small).toMatchObject({ deferred: '3000.00', payableOn: '2026-03-12', unitsAfter: '12000.00' });
    expect(await available(user)).toBe(before.plus(10_000).toFixed(2));
    expect(await overview(deps, user, at('2026-03-11', '14:30'))).toMatchObject({
      units: '12000.00',
      fastRedeemCap: '10000.00',
      fastRedeemLeft: '0.00',
      redeeming: '18000.00',
      redeemingPayableOn: '2026-03-12',
    });
    await expectFundBalanced(database.db);

    expect(await payDueRedemptions(database.db, '2026-03-11')).toBe(0);
    expect(await payDueRedemptions(database.db, '2026-03-12')).toBe(2);
    expect(await payDueRedemptions(database.db, '2026-03-12')).toBe(0);
    expect(await available(user)).toBe(before.plus(28_000).toFixed(2));
    expect(await overview(deps, user, at('2026-03-12'))).toMatchObject({
      fastRedeemLeft: '10000.00',
      redeeming: '0.00',
      redeemingPayableOn: null,
    });
    await expectFundBalanced(database.db);

    // A new day, a new cap; two redemptions at once share it.
    const both = await Promise.all([
      redeem(deps, user, '8000.00', randomUUID(), at('2026-03-12')),
      redeem(deps, user, '4000.00', randomUUID(), at('2026-03-12')),
    ]);
    const deferred = both.reduce((sum, r) => sum.plus(r.operation.deferred), new Dec(0));
    expect(deferred.toFixed(2)).toBe('2000.00');
    expect(await available(user)).toBe(before.plus(38_000).toFixed(2));
    await expectFundBalanced(database.db);
  });
});
