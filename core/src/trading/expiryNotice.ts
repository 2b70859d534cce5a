import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { notify, type SentMessage } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import type { OrderRow } from './execution.ts';
import { orders } from './schema.ts';

/** The session end an order belongs to: after-hours orders end at 15:30, all others with the day at 15:00. */
const sessionEndOf = (order: Pick<OrderRow, 'session'>) =>
  order.session === 'afterHours' ? 'afterHours' : 'day';

/**
 * Called in the transaction that expired `order`, with the user's cash row locked: when it was
 * the last open order of its user, date and session end, stores the one `ordersExpired` notice
 * that counts them all. Every expiry of a user locks the same cash row, so these transactions run
 * one after another across matcher shards and exactly one sees no order left open; a rerun
 * finds no open order to expire and so no last one. Answers null while others stay open.
 */
export async function expiryNotice(tx: Db, order: OrderRow): Promise<SentMessage | null> {
  const session = sessionEndOf(order);
  const [row] = await tx
    .select({
      open: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'partially_filled'))::int`,
      expired: sql<number>`count(*) filter (where ${orders.cancelReason} = 'expired')::int`,
      symbols: sql<
        string | null
      >`string_agg(distinct ${orders.symbol}, ',' order by ${orders.symbol}) filter (where ${orders.cancelReason} = 'expired')`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        eq(orders.tradingDate, order.tradingDate),
        session === 'afterHours' ? eq(orders.session, 'afterHours') : ne(orders.session, 'afterHours'),
        inArray(orders.status, ['pending', 'partially_filled', 'cancelled']),
      ),
    );
  if (!row || row.open > 0 || row.expired === 0 || !row.symbols) return null;
  return notify(tx, {
    userId: order.userId,
    kind: 'ordersExpired',
    params: { date: order.tradingDate, session, count: String(row.expired), symbols: row.symbols },
  });
}
