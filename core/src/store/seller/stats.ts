import { Dec, SHOP_STATS_DAYS, type ShopStats } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import type { Db } from '../../platform/database.ts';

interface DayRow {
  date: string;
  paidOrders: number;
  units: number;
  revenue: string;
  refunds: number;
  refunded: string;
  newFans: number;
}

const DAY_MS = 86_400_000;

/**
 * A shop's last SHOP_STATS_DAYS calendar days in UTC, today included, the days its order
 * numbers carry (the storefront keeps real time, not the market clock): orders by the time
 * they were paid, with their units and what was paid; refunds by the time they were executed;
 * follows by when they began. Each is grouped by day on its own, so an order's lines cannot
 * count its total twice, and joined to every day of the range, so a quiet day reads zero.
 * The sums stay numeric to the cent; the totals add the days' strings in decimal.
 */
export async function shopStats(db: Db, shopId: number, now = new Date()): Promise<ShopStats> {
  const today = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(today) - (SHOP_STATS_DAYS - 1) * DAY_MS);
  const to = new Date(Date.parse(today) + DAY_MS);
  const utcDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);
  const days = await queryRows<DayRow>(
    db,
    sql`with days as (
      select d::date as day
      from generate_series(${from.toISOString().slice(0, 10)}::date, ${today}::date, interval '1 day') d
    ), paid as (
      select ${utcDay('p.created_at')} as day, count(*)::int as orders, sum(o.total) as revenue,
        sum((select sum(l.quantity) from store_order_lines l where l.order_id = o.id))::int as units
      from store_orders o join store_payments p on p.id = o.payment_id
      where o.shop_id = ${shopId} and p.created_at >= ${from.toISOString()} and p.created_at < ${to.toISOString()}
      group by 1
    ), refunded as (
      select ${utcDay('r.executed_at')} as day, count(*)::int as refunds, sum(r.amount) as amount
      from store_refunds r join store_orders o on o.id = r.order_id
      where o.shop_id = ${shopId} and r.state = 'refunded'
        and r.executed_at >= ${from.toISOString()} and r.executed_at < ${to.toISOString()}
      group by 1
    ), fans as (
      select ${utcDay('f.created_at')} as day, count(*)::int as fans
      from store_shop_follows f
      where f.shop_id = ${shopId} and f.created_at >= ${from.toISOString()} and f.created_at < ${to.toISOString()}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as "date",
      coalesce(paid.orders, 0) as "paidOrders",
      coalesce(paid.units, 0) as "units",
      coalesce(paid.revenue, 0)::numeric(14, 2)::text as "revenue",
      coalesce(refunded.refunds, 0) as "refunds",
      coalesce(refunded.amount, 0)::numeric(14, 2)::text as "refunded",
      coalesce(fans.fans, 0) as "newFans"
    from days
      left join paid on paid.day = days.day
      left join refunded on refunded.day = days.day
      left join fans on fans.day = days.day
    order by days.day`,
  );
  const sum = (pick: (d: DayRow) => number) => days.reduce((n, d) => n + pick(d), 0);
  const money = (pick: (d: DayRow) => string) =>
    days.reduce((n, d) => n.plus(pick(d)), new Dec(0)).toFixed(2);
  return {
    days,
    totals: {
      paidOrders: sum((d) => d.paidOrders),
      units: sum((d) => d.units),
      revenue: money((d) => d.revenue),
      refunds: sum((d) => d.refunds),
      refunded: money((d) => d.refunded),
      newFans: sum((d) => d.newFans),
    },
  };
}
