import { acceptsCancels, DomainError } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { lockUserCash } from '../ledger/ledger.ts';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import { closeOrder, isOpen, newOutbox, type OrderRow } from './execution.ts';
import { tradingDateOf } from './marketView.ts';
import { orders } from './schema.ts';
import type { TradingDeps } from './tradingDeps.ts';

/** Cancels the unfilled rest of the user's open order, when the session takes cancels. */
export async function cancelOrder(deps: TradingDeps, userId: string, orderId: string): Promise<OrderRow> {
  const status = await deps.market.status();
  if (!acceptsCancels(status?.phase ?? 'closed')) throw new DomainError('order.cancelClosed');
  const out = newOutbox(userId, tradingDateOf(status));
  const order = await deps.db.transaction(async (tx) => {
    await stampMarketTime(tx, marketTimeOf(status));
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!row) throw new DomainError('order.notFound');
    if (!isOpen(row)) throw new DomainError('order.notOpen');
    await closeOrder(tx, row, await lockUserCash(tx, userId), 'user', out);
    return row;
  });
  out.orders.push(order);
  deps.events.publish(out);
  return order;
}
