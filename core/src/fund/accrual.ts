/**
 * The cash fund's daily accrual: for each calendar day not yet accrued, the fund's rate of the
 * day, then every holder's yield under the rounding rule of shared/src/fund/cashFund.ts, in
 * chunks of holders, each chunk one transaction. A holder's yield of a
 * day is a row unique on (holder, day) with its own ledger entry, inserted with the holding's
 * update in one transaction; only a row actually inserted moves money, so a rerun after a crash,
 * or two runs at once with any chunk sizes, pay each holder once a day.
 */
import {
  Dec,
  dayBefore,
  daysAfter,
  holderDailyYield,
  sevenDayAnnualisedYield,
  toMoneyString,
  yieldBasis,
} from '@bourse/shared';
import { asc, desc, eq, inArray, isNotNull, lt, min, sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { prepareEntry, writeEntries } from '../ledger/ledger.ts';
import type { Db } from '../platform/database.ts';
import { cashFundDays, cashFundHoldings, cashFundOrders, cashFundYields } from './schema.ts';

export interface AccrualDeps {
  db: Db;
  /** The fund's income per 10,000 units on a day (four decimals). */
  yieldPer10k(date: string): Dec;
  /** Holders per transaction. */
  chunkSize: number;
}

export interface AccrualReport {
  days: string[];
  /** Holders paid a yield row, and the sum paid, over all the days. */
  holders: number;
  paid: string;
}

/** Stores the day's rate and 7-day annualised yield once; a second call keeps the first. */
async function fundDay(deps: AccrualDeps, date: string): Promise<Dec> {
  const earlier = await deps.db
    .select({ yieldPer10k: cashFundDays.yieldPer10k })
    .from(cashFundDays)
    .where(lt(cashFundDays.date, date))
    .orderBy(desc(cashFundDays.date))
    .limit(6);
  const rate = deps.yieldPer10k(date);
  const week = [...earlier.reverse().map((r) => new Dec(r.yieldPer10k)), rate];
  await deps.db
    .insert(cashFundDays)
    .values({
      date,
      yieldPer10k: rate.toFixed(4),
      annualised7d: sevenDayAnnualisedYield(week).toFixed(3),
    })
    .onConflictDoNothing();
  const [stored] = await deps.db
    .select({ yieldPer10k: cashFundDays.yieldPer10k })
    .from(cashFundDays)
    .where(eq(cashFundDays.date, date));
  return new Dec(stored!.yieldPer10k);
}

/** The next holders owed a yield for `date`: units held through the day, and no yield row yet. */
async function owedHolders(db: Db, date: string, limit: number): Promise<{ userId: string; basis: Dec }[]> {
  const rows = await queryRows<{ user_id: string; at_start: string; at_end: string }>(
    db,
    sql`
      with flows as (
        -- A subscription counts from the day before its confirmation, so it earns from that day.
        select user_id, coalesce((earns_from::date - 1)::text, date) as date, units from cash_fund_orders
        union all
        select user_id, date, paid from cash_fund_yields where date < ${date}
      )
      select f.user_id,
             coalesce(sum(f.units) filter (where f.date < ${date}), 0)::text as at_start,
             sum(f.units)::text as at_end
      from flows f
      where f.date <= ${date}
        and not exists (select 1 from cash_fund_yields y where y.user_id = f.user_id and y.date = ${date})
      group by f.user_id
      having least(coalesce(sum(f.units) filter (where f.date < ${date}), 0), sum(f.units)) > 0
      order by f.user_id
      limit ${limit}`,
  );
  return rows.map((r) => ({
    userId: String(r.user_id),
    basis: yieldBasis(new Dec(r.at_start), new Dec(r.at_end)),
  }));
}

/**
 * Pays one chunk of holders their yield for `date`; answers how many were paid and the sum.
 * Each holder-day is its own unit: its row goes in under the unique (holder, day) key, and only
 * the rows this transaction inserted get a ledger entry and move units. A holder another run paid
 * meanwhile (overlapping runs cut holders into different chunks) conflicts and is left alone.
 */
async function payChunk(
  deps: AccrualDeps,
  date: string,
  rate: Dec,
  owed: { userId: string; basis: Dec }[],
): Promise<{ holders: number; paid: Dec }> {
  return deps.db.transaction(async (tx) => {
    const ids = owed.map((o) => o.userId);
    // The carry is read under the holding's lock: the run that pays a holder sees the last day's.
    const held = await tx
      .select()
      .from(cashFundHoldings)
      .where(inArray(cashFundHoldings.userId, ids))
      .orderBy(asc(cashFundHoldings.userId))
      .for('update');
    const holdings = new Map(held.map((h) => [h.userId, h]));
    const candidates = owed.map(({ userId, basis }) => {
      const holding = holdings.get(userId);
      // Every subscription makes the holding row first.
      if (!holding) throw new Error(`cash fund holder ${userId} has no holding row`);
      const y = holderDailyYield(basis, rate, new Dec(holding.carry));
      return {
        userId,
        date,
        basis: basis.toFixed(2),
        exact: y.exact.toFixed(10),
        paid: y.paid.toFixed(2),
        carry: y.carry.toFixed(10),
        unitsAfter: new Dec(holding.units).plus(y.paid).toFixed(2),
      };
    });
    const inserted = await tx
      .insert(cashFundYields)
      .values(candidates)
      .onConflictDoNothing({ target: [cashFundYields.userId, cashFundYields.date] })
      .returning({ userId: cashFundYields.userId, paid: cashFundYields.paid });
    if (inserted.length === 0) return { holders: 0, paid: new Dec(0) };
    const entries = inserted
      .filter((r) => !new Dec(r.paid).isZero())
      .map((r) => {
        const paid = new Dec(r.paid);
        const entry = prepareEntry(null, { kind: 'fundYield', tradingDate: date }, [
          { account: 'fundIncome', amount: paid.negated() },
          { account: 'cashFund', amount: paid },
        ]);
        return { userId: r.userId, entry };
      });
    if (entries.length > 0) {
      await writeEntries(
        tx,
        entries.map((e) => e.entry),
      );
      await tx.execute(sql`
        update cash_fund_yields y set entry_id = v.entry_id
        from (values ${sql.join(
          entries.map((e) => sql`(${e.userId}::uuid, ${e.entry.id}::uuid)`),
          sql`, `,
        )}) as v(user_id, entry_id)
        where y.user_id = v.user_id and y.date = ${date}`);
    }
    const paidIds = inserted.map((r) => r.userId);
    await tx.execute(sql`
      update cash_fund_holdings h
      set units = h.units + y.paid, carry = y.carry, total_yield = h.total_yield + y.paid
      from cash_fund_yields y
      where y.user_id = h.user_id and y.date = ${date} and y.user_id in ${paidIds}`);
    const total = inserted.reduce((sum, r) => sum.plus(r.paid), new Dec(0));
    return { holders: inserted.length, paid: total };
  });
}

/** Accrues one day whole: its rate, then every holder owed, chunk after chunk. */
export async function accrueDay(deps: AccrualDeps, date: string): Promise<{ holders: number; paid: Dec }> {
  const rate = await fundDay(deps, date);
  let holders = 0;
  let paid = new Dec(0);
  for (;;) {
    const owed = await owedHolders(deps.db, date, deps.chunkSize);
    if (owed.length === 0) break;
    const chunk = await payChunk(deps, date, rate, owed);
    holders += chunk.holders;
    paid = paid.plus(chunk.paid);
  }
  await deps.db.update(cashFundDays).set({ accruedAt: new Date() }).where(eq(cashFundDays.date, date));
  return { holders, paid };
}

/**
 * Accrues every day up to `through` not yet accrued, oldest first: from the day after the last
 * accrued one, or from the first subscription's day for a new fund.
 */
export async function accrueThrough(deps: AccrualDeps, through: string): Promise<AccrualReport> {
  const [[lastDone], [first]] = await Promise.all([
    deps.db
      .select({ date: cashFundDays.date })
      .from(cashFundDays)
      .where(isNotNull(cashFundDays.accruedAt))
      .orderBy(desc(cashFundDays.date))
      .limit(1),
    deps.db.select({ date: min(cashFundOrders.date) }).from(cashFundOrders),
  ]);
  if (!first?.date) return { days: [], holders: 0, paid: '0.00' };
  const days = daysAfter(lastDone?.date ?? dayBefore(first.date), through);
  let holders = 0;
  let paid = new Dec(0);
  for (const day of days) {
    const result = await accrueDay(deps, day);
    holders += result.holders;
    paid = paid.plus(result.paid);
  }
  return { days, holders, paid: toMoneyString(paid) };
}
