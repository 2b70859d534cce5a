import { Dec } from '@bourse/shared';
import { and, eq, sum } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { storeRefunds } from './schema.ts';

/** What an order's money is read from; any order row has these. */
type PaidOrder = { id: string; payment: string; total: string };

/** What the order's executed refunds gave back. */
export async function refundedSoFar(db: Db, orderId: string): Promise<Dec> {
  const [row] = await db
    .select({ total: sum(storeRefunds.amount) })
    .from(storeRefunds)
    .where(and(eq(storeRefunds.orderId, orderId), eq(storeRefunds.state, 'refunded')));
  return new Dec(row?.total ?? 0);
}

/** What the order paid: nothing until it is paid. */
export const paidOf = (order: PaidOrder) => (order.payment === 'unpaid' ? new Dec(0) : new Dec(order.total));

/** What an order paid and refunds have not given back: what may still be refunded, or paid out to its shop. */
export async function unrefundedOf(db: Db, order: PaidOrder): Promise<Dec> {
  return paidOf(order).minus(await refundedSoFar(db, order.id));
}
