import type { PlaceOrder } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import { requestHash, sameRequest } from '../platform/idempotency.ts';
import type { BatchOrder } from './batchEffects.ts';
import { type BatchWritten, KeysTaken, writeBatch } from './batchWrites.ts';
import type { OrderRow } from './execution.ts';
import { OrderBatcher, type Waiting } from './orderBatcher.ts';
import { checkOrder } from './orderChecks.ts';
import { orders } from './schema.ts';
import type { TradingDeps } from './tradingDeps.ts';

export interface Placed {
  order: OrderRow;
  replayed: boolean;
}

/**
 * Places orders: the order row (its idempotency key unique per user), the cash frozen for it
 * (or the shares, for a sell), and in continuous trading its fills against the book from the
 * touch. A market order's unfilled rest is cancelled at once (best five levels, immediate or
 * cancel, as SSE and SZSE offer it). Nothing is written when a check fails; the user hears of
 * the changes after commit. Orders arriving together share a transaction (OrderBatcher).
 */
export interface OrderPlacer {
  place(userId: string, request: PlaceOrder, idempotencyKey: string): Promise<Placed>;
}

/** One request waiting for its answer. */
interface Pending extends Waiting<Placed> {
  request: PlaceOrder;
  hash: string;
}

/** A request that passed the checks that need no account. */
type Ready = Pending & BatchOrder;

const orderHash = (order: PlaceOrder) =>
  requestHash([
    order.symbol,
    order.side,
    order.type,
    order.price ?? null,
    order.quantity,
    // Only when set, so the hashes of orders stored before the flag existed still match.
    ...(order.afterHours ? [true] : []),
  ]);

/** The order a key already made: the same request gets it back, another request is a conflict. */
async function replay(deps: TradingDeps, item: Pending): Promise<OrderRow | undefined> {
  const [existing] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, item.userId), eq(orders.idempotencyKey, item.idempotencyKey)));
  return sameRequest(existing, item.hash);
}

/** Answers a request whose key made an order before: that order, or a 409 for another body. */
async function answerReplay(deps: TradingDeps, item: Pending): Promise<void> {
  const earlier = await replay(deps, item);
  if (!earlier) throw new Error('idempotency key lost between two reads');
  item.resolve({ order: earlier, replayed: true });
}

/** A refused request: a key seen before answers its first result, though the market has moved on since (or is unreadable). */
async function refuse(deps: TradingDeps, item: Pending, err: unknown): Promise<void> {
  const earlier = await replay(deps, item);
  if (earlier) item.resolve({ order: earlier, replayed: true });
  else item.reject(err);
}

/**
 * Places checked orders in one transaction and answers each. An order refused by the account
 * checks is answered with its error and the others go ahead; a key that made an order before
 * answers that order. If the transaction fails, each order is tried again alone, so one bad
 * order costs the others nothing but time.
 */
async function commit(deps: TradingDeps, items: readonly Ready[]): Promise<void> {
  if (items.length === 0) return;
  let result: BatchWritten<Ready>;
  try {
    result = await deps.db.transaction(async (tx) => {
      await stampMarketTime(tx, items[0]!.marketAt.getTime());
      return writeBatch(tx, items);
    });
  } catch (err) {
    if (err instanceof KeysTaken) {
      const taken = err.items as ReadonlySet<Ready>;
      // Rolled back: the requests that met an existing key replay it, the others go again.
      await Promise.all([
        ...[...taken].map((item) => answerReplay(deps, item).catch(item.reject)),
        commit(
          deps,
          items.filter((item) => !taken.has(item)),
        ),
      ]);
      return;
    }
    if (items.length === 1) {
      items[0]!.reject(err);
      return;
    }
    await Promise.all(items.map((item) => commit(deps, [item])));
    return;
  }
  const { effects, orderRows, fillRows, sent } = result;
  for (const { item, err } of effects.refused) item.reject(err);
  const fillsById = new Map(fillRows.map((row) => [row.id, row]));
  for (const { item, order, out, fillIndexes } of effects.placed) {
    const row = orderRows.get(order.id)!;
    out.orders.push(row);
    for (const i of fillIndexes) {
      out.fills.push(fillsById.get(effects.fills[i]!.id!)!);
      out.messages.push(sent[i]!);
    }
    deps.events.publish(out);
    item.resolve({ order: row, replayed: false });
  }
}

/** Reads the market once for the batch, checks each order against it, and commits those that pass. */
async function placeBatch(deps: TradingDeps, batch: readonly Pending[]): Promise<void> {
  let market: Awaited<ReturnType<TradingDeps['market']['forOrders']>> | undefined;
  let unreadable: unknown;
  try {
    market = await deps.market.forOrders(batch.map((item) => item.request.symbol));
  } catch (err) {
    unreadable = err;
  }
  const ready: Ready[] = [];
  const refusals: Promise<void>[] = [];
  const marketAt = new Date(marketTimeOf(market?.status ?? null));
  for (const item of batch) {
    try {
      if (!market) throw unreadable;
      const quote = market.quotes.get(item.request.symbol);
      ready.push({ ...item, checked: checkOrder(item.request, quote, market.status), quote, marketAt });
    } catch (err) {
      refusals.push(refuse(deps, item, err).catch(item.reject));
    }
  }
  await Promise.all([...refusals, commit(deps, ready)]);
}

/** The process's order placer over `deps`: one per process (its composition root), so concurrent orders batch together. */
export function orderPlacer(deps: TradingDeps): OrderPlacer {
  const batcher = new OrderBatcher<Placed, Pending>((batch) => placeBatch(deps, batch));
  return {
    place: (userId, request, idempotencyKey) =>
      batcher.add((resolve, reject) => ({
        userId,
        request,
        idempotencyKey,
        hash: orderHash(request),
        resolve,
        reject,
      })),
  };
}
