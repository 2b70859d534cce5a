import { type BlockRefusalReason, blockOrderCash, Dec, toMoneyString } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { addProceeds, lockUserCash, post } from '../ledger/ledger.ts';
import { stampMarketTime } from '../market/marketClock.ts';
import { notify } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import {
  historyOf,
  lockPosition,
  newOutbox,
  type Outbox,
  positionAfterFill,
  savePosition,
} from '../trading/execution.ts';
import { positionHistory, positions } from '../trading/schema.ts';
import { type BlockOrderRow, priceText, releaseHeld } from './blockOrders.ts';
import { blockOrders } from './schema.ts';

/** A counterparty's answer to a block order. */
export type CounterpartyAnswer = { status: 'settled' } | { status: 'refused'; reason: BlockRefusalReason };

/** What one settlement did: the order as closed, and what to tell its owner once committed. */
export interface BlockSettlement {
  order: BlockOrderRow;
  out: Outbox;
}

/**
 * The trade in one balanced journal entry: the amount to or from the market side, each fee to
 * its house account, and the user's cash: a buy's frozen amount and fees leave frozen (any
 * difference from the estimate goes back to available), a sell's net proceeds arrive in
 * available (withdrawable the next trading day). The shares move in the same transaction:
 * bought ones count as the trade day's buys, so they are sellable from the next trading day.
 */
async function settleTrade(
  tx: Db,
  order: BlockOrderRow,
  out: Outbox,
): Promise<{ entryId: string; fees: Dec }> {
  const cost = blockOrderCash({
    side: order.side,
    price: new Dec(order.price),
    quantity: order.quantity,
    tradingDate: order.tradingDate,
    kind: order.instrumentKind,
  });
  const { amount, fees } = cost;
  const cash = await lockUserCash(tx, order.userId);
  const frozen = new Dec(order.frozenCash);
  if (order.side === 'sell') addProceeds(cash, order.tradingDate, cost.cashFlow);
  const entryId = await post(
    tx,
    cash,
    { kind: order.side, tradingDate: order.tradingDate, orderId: order.id, symbol: order.symbol },
    [
      { account: 'market', amount: order.side === 'buy' ? amount : amount.negated() },
      { account: 'commission', amount: fees.commission },
      { account: 'stampDuty', amount: fees.stampDuty },
      { account: 'transferFee', amount: fees.transferFee },
      { account: 'frozen', amount: frozen.negated() },
      { account: 'available', amount: cost.cashFlow.plus(frozen) },
    ],
  );
  out.cash = cash;
  const held = await lockPosition(tx, order.userId, order.symbol);
  // A holding already moved to a later day (settled after a downtime) keeps that day's figures.
  const day = held && held.dayDate > order.tradingDate ? held.dayDate : order.tradingDate;
  const next = positionAfterFill(
    held,
    order,
    { amount: amount.toFixed(2), quantity: order.quantity },
    fees.total,
    day,
  );
  if (next.quantity > 0) await savePosition(tx, next);
  else {
    // Sold out: the round trip goes to history and the holding is gone.
    await tx.insert(positionHistory).values(historyOf(next, day));
    await tx
      .delete(positions)
      .where(and(eq(positions.userId, next.userId), eq(positions.symbol, next.symbol)));
  }
  out.positions.push(next);
  return { entryId, fees: fees.total };
}

/**
 * Settles or refuses one block order, in one transaction with its message. Only a pending order
 * is taken (SELECT … FOR UPDATE, then status checked), so a retried job, a second worker or a
 * cancel racing the batch finds it closed and this answers null: nothing moves twice.
 */
export async function settleBlockOrder(
  db: Db,
  orderId: string,
  answer: (order: BlockOrderRow) => CounterpartyAnswer,
  now = new Date(),
  marketAt = now.getTime(),
): Promise<BlockSettlement | null> {
  return db.transaction(async (tx) => {
    await stampMarketTime(tx, marketAt);
    const [pending] = await tx
      .select()
      .from(blockOrders)
      .where(and(eq(blockOrders.id, orderId), eq(blockOrders.status, 'pending')))
      .for('update');
    if (!pending) return null;
    const out = newOutbox(pending.userId, pending.tradingDate);
    const verdict = answer(pending);
    const closed =
      verdict.status === 'settled'
        ? await settleTrade(tx, pending, out).then(({ entryId, fees }) => ({
            status: 'settled' as const,
            fees: fees.toFixed(2),
            closeEntryId: entryId,
            refusalReason: null,
          }))
        : await releaseHeld(tx, pending, out).then(({ entryId }) => ({
            status: 'refused' as const,
            fees: '0',
            closeEntryId: entryId,
            refusalReason: verdict.reason,
          }));
    const [order] = await tx
      .update(blockOrders)
      .set({ ...closed, frozenCash: '0', closedAt: now })
      .where(and(eq(blockOrders.id, pending.id), eq(blockOrders.status, 'pending')))
      .returning();
    if (!order) throw new Error(`block order ${pending.id} changed under its lock`);
    out.messages.push(
      await notify(tx, {
        userId: order.userId,
        kind: 'blockTradeResult',
        params: {
          symbol: order.symbol,
          name: order.name,
          side: order.side,
          price: priceText(order),
          quantity: String(order.quantity),
          amount: toMoneyString(order.amount),
          status: order.status === 'settled' ? 'settled' : 'refused',
          ...(verdict.status === 'refused' ? { reason: verdict.reason } : {}),
        },
      }),
    );
    return { order, out };
  });
}
