import { Dec, shanghaiDate, type TradeTick } from '@bourse/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { lockUserCash } from '../ledger/ledger.ts';
import { stampMarketTime } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { applyFill, closeOrder, isOpen, newOutbox, type OrderRow, type Outbox } from './execution.ts';
import { matcherFences, orders } from './schema.ts';
import type { TradingDeps } from './tradingDeps.ts';

/** The shard a matcher holds and the fencing token it got when it took the shard. */
export interface Fence {
  shard: number;
  token: number;
}

/** A newer matcher took the shard over: this one must stop filling. */
export class FencedOut extends Error {
  constructor(readonly shard: number) {
    super(`matcher fenced out of shard ${shard}`);
    this.name = 'FencedOut';
  }
}

const OPEN = ['pending', 'partially_filled'] as const;

/** Takes a shard: the token grows with every take-over, so a matcher that lost its lock cannot write. */
export async function takeShard(db: Db, shard: number): Promise<Fence> {
  const [row] = await db
    .update(matcherFences)
    .set({ token: sql`${matcherFences.token} + 1` })
    .where(eq(matcherFences.shard, shard))
    .returning({ token: matcherFences.token });
  if (!row) throw new Error(`no fence row for shard ${shard}`);
  return { shard, token: row.token };
}

/** Locks the shard's fence row for the transaction; fails if another matcher has taken the shard since. */
async function checkFence(tx: Db, fence: Fence): Promise<void> {
  const [row] = await tx
    .select({ token: matcherFences.token })
    .from(matcherFences)
    .where(eq(matcherFences.shard, fence.shard))
    .for('update');
  if (row?.token !== fence.token) throw new FencedOut(fence.shard);
}

/** One order's change under the fence, in its own transaction; the user hears of it after commit. */
async function withOrder(
  deps: TradingDeps,
  fence: Fence,
  orderId: string,
  tradingDate: string,
  change: (tx: Db, order: OrderRow, out: Outbox) => Promise<void>,
): Promise<OrderRow | undefined> {
  let out: Outbox | undefined;
  const order = await deps.db.transaction(async (tx) => {
    await checkFence(tx, fence);
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row || !isOpen(row)) return row;
    const pending = newOutbox(row.userId, tradingDate);
    await change(tx, row, pending);
    out = pending;
    return row;
  });
  if (out && order) {
    out.orders.push(order);
    deps.events.publish(out);
  }
  return order;
}

/**
 * Fills a shard's resting limit orders from the feed's trade ticks. A trade strictly through
 * the limit (below a buy's, above a sell's) fills the order at its limit, for at most the
 * trade's volume; a trade at the limit does not, as the queue there may not have reached us.
 * Each order takes from each trade on its own (the simulated market is not our orders' other
 * side). The fill is keyed by the order and the trade, so a tick seen twice (a redelivery,
 * a feed resending after a failover, a matcher restarting) fills once.
 */
export async function matchTrades(
  deps: TradingDeps,
  fence: Fence,
  batches: readonly { symbol: string; trades: readonly TradeTick[] }[],
): Promise<number> {
  const symbols = batches.map((b) => b.symbol);
  if (symbols.length === 0) return 0;
  const resting = await deps.db
    .select({
      id: orders.id,
      symbol: orders.symbol,
      side: orders.side,
      price: orders.price,
      tradingDate: orders.tradingDate,
    })
    .from(orders)
    .where(
      and(
        eq(orders.shard, fence.shard),
        inArray(orders.status, [...OPEN]),
        eq(orders.type, 'limit'),
        inArray(orders.symbol, symbols),
      ),
    );
  let filled = 0;
  for (const { symbol, trades } of batches) {
    const candidates = resting.filter((o) => o.symbol === symbol);
    for (const tick of trades) {
      const price = new Dec(tick.price);
      const tradingDate = shanghaiDate(tick.time);
      for (const candidate of candidates) {
        const limit = new Dec(candidate.price!);
        const through = candidate.side === 'buy' ? price.lt(limit) : price.gt(limit);
        if (!through || candidate.tradingDate !== tradingDate) continue;
        await withOrder(deps, fence, candidate.id, tradingDate, async (tx, order, out) => {
          await stampMarketTime(tx, tick.time);
          const quantity = Math.min(order.quantity - order.filledQuantity, tick.volume);
          const cash = await lockUserCash(tx, order.userId);
          const source = `trade:${tick.time}:${tick.seq}`;
          if (await applyFill(tx, order, cash, { price: limit, quantity, source }, out)) filled++;
        });
      }
    }
  }
  return filled;
}

/** Day orders end with their trading day: the shard's orders of earlier days are cancelled and their cash released. */
export async function expireOrders(deps: TradingDeps, fence: Fence, tradingDate: string): Promise<number> {
  const stale = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.shard, fence.shard),
        inArray(orders.status, [...OPEN]),
        lt(orders.tradingDate, tradingDate),
      ),
    );
  for (const { id } of stale) {
    await withOrder(deps, fence, id, tradingDate, async (tx, order, out) => {
      await closeOrder(tx, order, await lockUserCash(tx, order.userId), 'expired', out);
    });
  }
  return stale.length;
}
