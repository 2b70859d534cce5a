import {
  CASH_FUND_NAV,
  type CashFundOverview,
  confirmationDate,
  Dec,
  DomainError,
  type FundDay,
  type FundOperation,
  type FundYield,
  fastRedemptionCap,
  phaseAt,
  splitRedemption,
  toMoneyString,
} from '@bourse/shared';
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { lockUserCash, post, readUserCash, withdrawable } from '../ledger/ledger.ts';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { requestHash, sameRequest } from '../platform/idempotency.ts';
import { newOutbox } from '../trading/execution.ts';
import { type MarketView, tradingDateOf } from '../trading/marketView.ts';
import type { UserEventsPublisher } from '../trading/userEventsPublisher.ts';
import { fundToday } from './fundDay.ts';
import { cashFundDays, cashFundHoldings, cashFundOrders, cashFundYields } from './schema.ts';

export interface CashFundDeps {
  db: Db;
  market: MarketView;
  events: UserEventsPublisher;
}

type OrderRow = typeof cashFundOrders.$inferSelect;
type DayRow = typeof cashFundDays.$inferSelect;

const units = (v: string | Dec) => new Dec(v).toFixed(2);

function orderView(row: OrderRow): FundOperation {
  return {
    id: row.id,
    kind: row.kind,
    units: units(row.units),
    unitsAfter: units(row.unitsAfter),
    date: row.date,
    deferred: units(row.deferredUnits),
    payableOn: row.payableOn,
    earnsFrom: row.earnsFrom,
    createdAt: row.createdAt.toISOString(),
  };
}

const dayView = (row: DayRow): FundDay => ({
  date: row.date,
  yieldPer10k: new Dec(row.yieldPer10k).toFixed(4),
  annualised7d: new Dec(row.annualised7d).toFixed(3),
});

/** What the user's redemptions of a fund day paid at once: the part of the day's T+0 cap used. */
async function fastRedeemed(db: Db, userId: string, date: string): Promise<Dec> {
  const [row] = await queryRows<{ fast: string }>(
    db,
    sql`select coalesce(sum(-units - deferred_units), 0)::text as fast from cash_fund_orders
        where user_id = ${userId} and date = ${date} and kind = 'redeem'`,
  );
  return new Dec(row?.fast ?? 0);
}

async function replay(db: Db, userId: string, key: string, hash: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(cashFundOrders)
    .where(and(eq(cashFundOrders.userId, userId), eq(cashFundOrders.idempotencyKey, key)));
  return sameRequest(row, hash);
}

/**
 * Subscribes (cash → units) or redeems (units → cash) at NAV 1.0000, in one transaction with its
 * ledger entry. The user's cash rows are locked first, so two requests with one key run one
 * after the other and the second finds the first's order.
 */
async function trade(
  deps: CashFundDeps,
  userId: string,
  kind: 'subscribe' | 'redeem',
  amount: Dec,
  idempotencyKey: string,
  now: Date,
): Promise<{ operation: FundOperation; replayed: boolean }> {
  const hash = requestHash([kind, amount.toFixed(2)]);
  const earlier = await replay(deps.db, userId, idempotencyKey, hash);
  if (earlier) return { operation: orderView(earlier), replayed: true };
  const status = await deps.market.status();
  const tradingDate = tradingDateOf(status, now.getTime());
  const date = fundToday(status, now.getTime());
  const phase = status?.phase ?? phaseAt(now);
  const done = await deps.db.transaction(async (tx) => {
    await stampMarketTime(tx, marketTimeOf(status, now.getTime()));
    const cash = await lockUserCash(tx, userId);
    const raced = await replay(tx, userId, idempotencyKey, hash);
    if (raced) return { order: raced, cash: null };
    await tx.insert(cashFundHoldings).values({ userId }).onConflictDoNothing();
    const [holding] = await tx
      .select()
      .from(cashFundHoldings)
      .where(eq(cashFundHoldings.userId, userId))
      .for('update');
    const held = new Dec(holding!.units);
    if (kind === 'subscribe') {
      const free = withdrawable(cash, tradingDate);
      if (amount.gt(free))
        throw new DomainError('fund.exceedsWithdrawable', { withdrawable: toMoneyString(free) });
    } else if (amount.gt(held)) {
      throw new DomainError('fund.exceedsHolding', { units: units(held) });
    }
    const confirmed = confirmationDate(date, phase);
    // Under the holding's lock: two redemptions at once share one day's T+0 cap.
    const { fast, deferred } =
      kind === 'subscribe'
        ? { fast: amount, deferred: new Dec(0) }
        : splitRedemption(amount, await fastRedeemed(tx, userId, date), fastRedemptionCap(date));
    const moved = kind === 'subscribe' ? fast : fast.negated();
    const entryId = fast.isZero()
      ? null
      : await post(tx, cash, { kind: kind === 'subscribe' ? 'fundSubscribe' : 'fundRedeem', tradingDate }, [
          { account: 'available', amount: moved.negated() },
          { account: 'cashFund', amount: moved },
        ]);
    const change = kind === 'subscribe' ? amount : amount.negated();
    const unitsAfter = held.plus(change);
    await tx
      .update(cashFundHoldings)
      .set({ units: units(unitsAfter) })
      .where(eq(cashFundHoldings.userId, userId));
    const [order] = await tx
      .insert(cashFundOrders)
      .values({
        userId,
        kind,
        units: units(change),
        unitsAfter: units(unitsAfter),
        date,
        earnsFrom: kind === 'subscribe' ? confirmed : null,
        entryId,
        deferredUnits: units(deferred),
        payableOn: deferred.isZero() ? null : confirmed,
        idempotencyKey,
        requestHash: hash,
      })
      .returning();
    return { order: order!, cash };
  });
  if (!done.cash) return { operation: orderView(done.order), replayed: true };
  deps.events.publish({ ...newOutbox(userId, tradingDate), cash: done.cash });
  return { operation: orderView(done.order), replayed: false };
}

/** Cash into the fund: at most the withdrawable cash (today's sale proceeds wait a day here too). */
export function subscribe(deps: CashFundDeps, userId: string, amount: string, key: string, now = new Date()) {
  return trade(deps, userId, 'subscribe', new Dec(amount), key, now);
}

/**
 * Units back to cash; at most the units held. Up to the day's T+0 cap is paid to available cash
 * at once, the rest on the confirmation day (payDueRedemptions).
 */
export function redeem(deps: CashFundDeps, userId: string, redeemed: string, key: string, now = new Date()) {
  return trade(deps, userId, 'redeem', new Dec(redeemed), key, now);
}

/** The fund's latest days and the user's holding, for /personCenter/money. */
export async function overview(
  deps: CashFundDeps,
  userId: string,
  now = new Date(),
): Promise<CashFundOverview> {
  const status = await deps.market.status();
  const tradingDate = tradingDateOf(status, now.getTime());
  const date = fundToday(status, now.getTime());
  const [recent, [holding], [latestYield], cash, fastUsed, [redeeming]] = await Promise.all([
    deps.db
      .select()
      .from(cashFundDays)
      .where(lte(cashFundDays.date, date))
      .orderBy(desc(cashFundDays.date))
      .limit(7),
    deps.db.select().from(cashFundHoldings).where(eq(cashFundHoldings.userId, userId)),
    deps.db
      .select({ paid: cashFundYields.paid })
      .from(cashFundYields)
      .where(eq(cashFundYields.userId, userId))
      .orderBy(desc(cashFundYields.date))
      .limit(1),
    readUserCash(deps.db, userId),
    fastRedeemed(deps.db, userId, date),
    queryRows<{ units: string; payable_on: string | null }>(
      deps.db,
      sql`select coalesce(sum(deferred_units), 0)::text as units, min(payable_on) as payable_on
          from cash_fund_orders where user_id = ${userId} and payable_on is not null and payout_entry_id is null`,
    ),
  ]);
  const cap = fastRedemptionCap(date);
  const days = recent.reverse().map(dayView);
  return {
    nav: CASH_FUND_NAV,
    units: units(holding?.units ?? '0'),
    latestYield: toMoneyString(latestYield?.paid ?? '0'),
    totalYield: toMoneyString(holding?.totalYield ?? '0'),
    latestDay: days.at(-1) ?? null,
    recentDays: days,
    withdrawable: toMoneyString(withdrawable(cash, tradingDate)),
    fastRedeemCap: toMoneyString(cap),
    fastRedeemLeft: toMoneyString(Dec.max(0, cap.minus(fastUsed))),
    redeeming: units(redeeming?.units ?? '0'),
    redeemingPayableOn: redeeming?.payable_on ?? null,
  };
}

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

/** Subscriptions, redemptions and paid yields, newest first. */
export async function history(
  db: Db,
  userId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<FundOperation>> {
  const { page, pageSize } = paging;
  const paidYields = and(eq(cashFundYields.userId, userId), gt(cashFundYields.paid, '0'));
  const [rows, orders, paid] = await Promise.all([
    queryRows<{
      id: string;
      kind: FundOperation['kind'];
      units: string;
      units_after: string;
      date: string;
      deferred: string;
      payable_on: string | null;
      earns_from: string | null;
      created_at: string | Date;
    }>(
      db,
      sql`
        select id::text as id, kind, units::text as units, units_after::text as units_after, date,
               deferred_units::text as deferred, payable_on, earns_from, created_at
        from cash_fund_orders where user_id = ${userId}
        union all
        select 'yield-' || date, 'yield', paid::text, units_after::text, date, '0', null, null, created_at
        from cash_fund_yields where user_id = ${userId} and paid > 0
        order by created_at desc, id desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    db.$count(cashFundOrders, eq(cashFundOrders.userId, userId)),
    db.$count(cashFundYields, paidYields),
  ]);
  const items = rows.map(
    (r): FundOperation => ({
      id: r.id,
      kind: r.kind,
      units: units(r.units),
      unitsAfter: units(r.units_after),
      date: r.date,
      deferred: units(r.deferred),
      payableOn: r.payable_on,
      earnsFrom: r.earns_from,
      createdAt: new Date(r.created_at).toISOString(),
    }),
  );
  return { items, page, pageSize, total: orders + paid };
}

/** The user's daily yields with the fund's rates, newest first. */
export async function yields(
  db: Db,
  userId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<FundYield>> {
  const { page, pageSize } = paging;
  const where = eq(cashFundYields.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select({ yield: cashFundYields, day: cashFundDays })
      .from(cashFundYields)
      .innerJoin(cashFundDays, eq(cashFundDays.date, cashFundYields.date))
      .where(where)
      .orderBy(desc(cashFundYields.date))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(cashFundYields, where),
  ]);
  const items = rows.map(
    (r): FundYield => ({
      ...dayView(r.day),
      basis: units(r.yield.basis),
      paid: toMoneyString(r.yield.paid),
      unitsAfter: units(r.yield.unitsAfter),
    }),
  );
  return { items, page, pageSize, total };
}

/**
 * Pays every redemption part over the T+0 cap that is due by `today` (its confirmation day):
 * cashFund → available, one entry each, the order's payout_entry_id set under the guard that it
 * was not paid yet, so reruns and two runs at once pay each once. Answers how many were paid.
 */
export async function payDueRedemptions(db: Db, today: string): Promise<number> {
  const due = await db
    .select({ id: cashFundOrders.id, userId: cashFundOrders.userId })
    .from(cashFundOrders)
    .where(and(lte(cashFundOrders.payableOn, today), isNull(cashFundOrders.payoutEntryId)))
    .orderBy(asc(cashFundOrders.payableOn), asc(cashFundOrders.id));
  let paid = 0;
  for (const { id, userId } of due) {
    const done = await db.transaction(async (tx) => {
      const cash = await lockUserCash(tx, userId);
      const [order] = await tx
        .select()
        .from(cashFundOrders)
        .where(and(eq(cashFundOrders.id, id), isNull(cashFundOrders.payoutEntryId)))
        .for('update');
      if (!order) return false;
      const amount = new Dec(order.deferredUnits);
      const entryId = await post(tx, cash, { kind: 'fundRedeem', tradingDate: order.payableOn! }, [
        { account: 'cashFund', amount: amount.negated() },
        { account: 'available', amount },
      ]);
      await tx.update(cashFundOrders).set({ payoutEntryId: entryId }).where(eq(cashFundOrders.id, id));
      return true;
    });
    if (done) paid++;
  }
  return paid;
}
