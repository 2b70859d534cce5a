import {
  CASH_FUND_NAV,
  type CashFundOverview,
  Dec,
  DomainError,
  type FundDay,
  type FundOperation,
  type FundYield,
  toMoneyString,
} from '@bourse/shared';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { requestHash, sameRequest } from '../http/idempotency.ts';
import { lockUserCash, post, readUserCash, withdrawable } from '../ledger/ledger.ts';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { newOutbox } from '../trading/execution.ts';
import { type MarketView, tradingDateOf } from '../trading/marketView.ts';
import type { UserEventsPublisher } from '../trading/tradingDeps.ts';
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
    createdAt: row.createdAt.toISOString(),
  };
}

const dayView = (row: DayRow): FundDay => ({
  date: row.date,
  yieldPer10k: new Dec(row.yieldPer10k).toFixed(4),
  annualised7d: new Dec(row.annualised7d).toFixed(3),
});

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
    const change = kind === 'subscribe' ? amount : amount.negated();
    const entryId = await post(
      tx,
      cash,
      { kind: kind === 'subscribe' ? 'fundSubscribe' : 'fundRedeem', tradingDate },
      [
        { account: 'available', amount: change.negated() },
        { account: 'cashFund', amount: change },
      ],
    );
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
        entryId,
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

/** Units back to available cash at once; at most the units held. */
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
  const [recent, [holding], [latestYield], cash] = await Promise.all([
    deps.db
      .select()
      .from(cashFundDays)
      .where(lte(cashFundDays.date, fundToday(status, now.getTime())))
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
  ]);
  const days = recent.reverse().map(dayView);
  return {
    nav: CASH_FUND_NAV,
    units: units(holding?.units ?? '0'),
    latestYield: toMoneyString(latestYield?.paid ?? '0'),
    totalYield: toMoneyString(holding?.totalYield ?? '0'),
    latestDay: days.at(-1) ?? null,
    recentDays: days,
    withdrawable: toMoneyString(withdrawable(cash, tradingDate)),
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
      created_at: string | Date;
    }>(
      db,
      sql`
        select id::text as id, kind, units::text as units, units_after::text as units_after, date, created_at
        from cash_fund_orders where user_id = ${userId}
        union all
        select 'yield-' || date, 'yield', paid::text, units_after::text, date, created_at
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
