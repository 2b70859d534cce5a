import {
  type AuctionOrder,
  allocateAt,
  Dec,
  type MarketPhase,
  type OrderSession,
  shanghaiDate,
  type TradeTick,
  uncross,
} from '@bourse/shared';
import { and, asc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { lockUserCash } from '../ledger/ledger.ts';
import { marketTimeOf, stampMarketTime } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { logger } from '../platform/logger.ts';
import {
  applyFill,
  bookFills,
  closeOrder,
  isOpen,
  newOutbox,
  type OrderRow,
  type Outbox,
} from './execution.ts';
import { expiryNotice } from './expiryNotice.ts';
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
/** Orders in the continuous book, which the closing call uncrosses too. */
const DAY_BOOK: readonly OrderSession[] = ['openingCall', 'day'];
/** The simulated crowd's place in an auction book. */
const CROWD = 'crowd';
/**
 * After-hours fixed-price liquidity the simulated crowd offers each side of a stock, as a share
 * of the day's volume (docs/adr/0005-ledger-and-matching.md).
 */
export const AFTER_HOURS_CROWD_SHARE = new Dec('0.01');

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

/**
 * One order's change under the fence, in its own transaction, its records stamped with the
 * market time `marketAt`; the user hears of it after commit.
 */
async function withOrder(
  deps: TradingDeps,
  fence: Fence,
  orderId: string,
  tradingDate: string,
  marketAt: number,
  change: (tx: Db, order: OrderRow, out: Outbox) => Promise<void>,
): Promise<OrderRow | undefined> {
  let out: Outbox | undefined;
  const order = await deps.db.transaction(async (tx) => {
    await checkFence(tx, fence);
    await stampMarketTime(tx, marketAt);
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
 * Fills a shard's resting limit orders from the feed's trade ticks. A continuous trade
 * strictly through the limit (below a buy's, above a sell's) fills the order at its limit, for
 * at most the trade's volume; a trade at the limit does not, as the queue there may not have
 * reached us. Each order takes from each trade on its own (the simulated market is not our
 * orders' other side). An auction print uncrosses the call's orders at its price
 * (uncrossAuction). A fill is keyed by the order and the trade, so a tick seen twice (a
 * redelivery, a feed resending after a failover, a matcher restarting) fills once.
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
      unfilled: sql<number>`${orders.quantity} - ${orders.filledQuantity}`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.shard, fence.shard),
        inArray(orders.status, [...OPEN]),
        eq(orders.type, 'limit'),
        inArray(orders.session, [...DAY_BOOK]),
        inArray(orders.symbol, symbols),
      ),
    );
  const restingBySymbol = new Map<string, typeof resting>();
  for (const order of resting) {
    const list = restingBySymbol.get(order.symbol);
    if (list) list.push(order);
    else restingBySymbol.set(order.symbol, [order]);
  }
  let filled = 0;
  for (const { symbol, trades } of batches) {
    const candidates = restingBySymbol.get(symbol);
    for (const tick of trades) {
      if (tick.kind === 'open' || tick.kind === 'close') {
        filled += await uncrossAuction(deps, fence, symbol, { ...tick, kind: tick.kind });
        continue;
      }
      // Most symbols have no order of ours resting: their continuous trades are passed over
      // unread (a publish carries thousands).
      if (!candidates) continue;
      const price = new Dec(tick.price);
      const tradingDate = shanghaiDate(tick.time);
      for (const candidate of candidates) {
        // Filled (or closed) by an earlier trade of this message: no transaction to find that out.
        if (candidate.unfilled <= 0) continue;
        const limit = new Dec(candidate.price!);
        const through = candidate.side === 'buy' ? price.lt(limit) : price.gt(limit);
        if (!through || candidate.tradingDate !== tradingDate) continue;
        const row = await withOrder(
          deps,
          fence,
          candidate.id,
          tradingDate,
          tick.time,
          async (tx, order, out) => {
            const quantity = Math.min(order.quantity - order.filledQuantity, tick.volume);
            const cash = await lockUserCash(tx, order.userId);
            const source = `trade:${tick.time}:${tick.seq}`;
            if (await applyFill(tx, order, cash, { price: limit, quantity, source }, out)) filled++;
          },
        );
        // The row as the transaction left it (a fill updates it in place).
        candidate.unfilled = row && isOpen(row) ? row.quantity - row.filledQuantity : 0;
      }
    }
  }
  return filled;
}

/**
 * A call auction's print: the call's orders (the opening call's at 9:25; every day order at
 * 15:00) uncross at one price with the simulated crowd's interest, and each fill is at that
 * price. The feed decides the price: its print is the crowd's whole matched interest, a buy and
 * a sell of the print's volume at the print's price, queued after our orders (the simulator
 * has no order times). Our orders join that book; unless they outweigh the crowd, the
 * uncrossing lands on the printed price by itself. If they do (the simulator cannot see them),
 * the book is filled at the printed price in price-time priority, as far as the crowd goes.
 * After the closing print the symbol's day orders end.
 */
async function uncrossAuction(
  deps: TradingDeps,
  fence: Fence,
  symbol: string,
  tick: TradeTick & { kind: 'open' | 'close' },
): Promise<number> {
  const tradingDate = shanghaiDate(tick.time);
  const price = new Dec(tick.price);
  const rows = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.shard, fence.shard),
        eq(orders.symbol, symbol),
        eq(orders.tradingDate, tradingDate),
        inArray(orders.status, [...OPEN]),
        eq(orders.type, 'limit'),
        inArray(orders.session, tick.kind === 'open' ? ['openingCall'] : [...DAY_BOOK]),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  let filled = 0;
  if (rows.length > 0) {
    const book: AuctionOrder[] = [
      ...rows.map((o) => ({
        id: o.id,
        side: o.side,
        limit: new Dec(o.price!),
        quantity: o.quantity - o.filledQuantity,
      })),
      { id: CROWD, side: 'buy', limit: price, quantity: tick.volume },
      { id: CROWD, side: 'sell', limit: price, quantity: tick.volume },
    ];
    const quote = (await deps.market.quotes([symbol])).get(symbol);
    // The exchanges' tie-break reference: the previous close at the open, the last price at the
    // close (the snapshot already shows the print as the last price by now).
    const reference = new Dec((tick.kind === 'open' ? quote?.prevClose : quote?.price) ?? tick.price);
    let result = uncross(book, reference);
    if (!result?.price.eq(price)) {
      logger.warn(
        { symbol, print: tick.price, uncrossed: result?.price.toString() },
        'auction: our orders outweigh the crowd',
      );
      result = allocateAt(book, price);
    }
    for (const fill of result.fills) {
      if (fill.id === CROWD) continue;
      await withOrder(deps, fence, fill.id, tradingDate, tick.time, async (tx, order, out) => {
        const quantity = Math.min(fill.quantity, order.quantity - order.filledQuantity);
        const cash = await lockUserCash(tx, order.userId);
        const source = `auction:${tick.time}:${tick.seq}`;
        if (await applyFill(tx, order, cash, { price, quantity, source }, out)) filled++;
      });
    }
  }
  if (tick.kind === 'close')
    await closeOrders(
      deps,
      fence,
      tradingDate,
      tick.time,
      eq(orders.symbol, symbol),
      dayOrdersOf(tradingDate),
    );
  return filled;
}

/** Today's day orders: all but the after-hours ones. */
const dayOrdersOf = (tradingDate: string) =>
  and(eq(orders.tradingDate, tradingDate), ne(orders.session, 'afterHours'));

/**
 * Ends the shard's open orders that `which` selects, each releasing its cash in its own
 * transaction; the user's last order of a session end brings its ordersExpired notice.
 */
async function closeOrders(
  deps: TradingDeps,
  fence: Fence,
  tradingDate: string,
  marketAt: number,
  ...which: (SQL | undefined)[]
): Promise<number> {
  const stale = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.shard, fence.shard), inArray(orders.status, [...OPEN]), ...which));
  for (const { id } of stale) {
    await withOrder(deps, fence, id, tradingDate, marketAt, async (tx, order, out) => {
      await closeOrder(tx, order, await lockUserCash(tx, order.userId), 'expired', out);
      const notice = await expiryNotice(tx, order);
      if (notice) out.messages.push(notice);
    });
  }
  return stale.length;
}

/**
 * Orders entered 9:25–9:30 wait for continuous trading, then meet the book as a new order
 * would: they fill against the quote's opposite side as far as their limit allows, and the rest
 * rests in the book.
 */
export async function releaseHeld(deps: TradingDeps, fence: Fence, tradingDate: string): Promise<number> {
  const held = await deps.db
    .select({ id: orders.id, symbol: orders.symbol })
    .from(orders)
    .where(
      and(
        eq(orders.shard, fence.shard),
        inArray(orders.status, [...OPEN]),
        eq(orders.session, 'held'),
        eq(orders.tradingDate, tradingDate),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (held.length === 0) return 0;
  const quotes = await deps.market.quotes(held.map((o) => o.symbol));
  const marketAt = marketTimeOf(await deps.market.status());
  let filled = 0;
  for (const { id, symbol } of held) {
    const quote = quotes.get(symbol);
    await withOrder(deps, fence, id, tradingDate, marketAt, async (tx, order, out) => {
      if (quote) {
        const cash = await lockUserCash(tx, order.userId);
        for (const request of bookFills(order, quote)) {
          if (await applyFill(tx, order, cash, request, out)) filled++;
        }
      }
      order.session = 'day';
      await tx.update(orders).set({ session: 'day' }).where(eq(orders.id, order.id));
    });
  }
  return filled;
}

/**
 * After-hours fixed-price trading: the day's after-hours orders fill at the close, in time
 * order, against the simulated crowd's liquidity (AFTER_HOURS_CROWD_SHARE of the day's volume
 * each side, less what earlier after-hours fills took). A buy limited below the close or a
 * sell above it does not trade. `pass` names the run (one at 15:05, one at 15:30 for the
 * orders entered meanwhile), keying its fills.
 */
export async function matchAfterHours(
  deps: TradingDeps,
  fence: Fence,
  tradingDate: string,
  pass: MarketPhase,
): Promise<number> {
  const waiting = await deps.db
    .select({ id: orders.id, symbol: orders.symbol, side: orders.side })
    .from(orders)
    .where(
      and(
        eq(orders.shard, fence.shard),
        inArray(orders.status, [...OPEN]),
        eq(orders.session, 'afterHours'),
        eq(orders.tradingDate, tradingDate),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (waiting.length === 0) return 0;
  const symbols = [...new Set(waiting.map((o) => o.symbol))];
  const quotes = await deps.market.quotes(symbols);
  const taken = await deps.db
    .select({
      symbol: orders.symbol,
      side: orders.side,
      quantity: sql<number>`sum(${orders.filledQuantity})::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.session, 'afterHours'),
        eq(orders.tradingDate, tradingDate),
        inArray(orders.symbol, symbols),
      ),
    )
    .groupBy(orders.symbol, orders.side);
  const left = new Map<string, number>();
  for (const symbol of symbols) {
    const volume = quotes.get(symbol)?.volume ?? 0;
    const offered = new Dec(volume).times(AFTER_HOURS_CROWD_SHARE).div(100).floor().times(100).toNumber();
    for (const side of ['buy', 'sell'] as const) {
      const used = taken.find((t) => t.symbol === symbol && t.side === side)?.quantity ?? 0;
      left.set(`${symbol}:${side}`, Math.max(0, offered - used));
    }
  }
  const marketAt = marketTimeOf(await deps.market.status());
  let filled = 0;
  for (const { id, symbol, side } of waiting) {
    const key = `${symbol}:${side}`;
    const quote = quotes.get(symbol);
    if (!quote || (left.get(key) ?? 0) === 0) continue;
    const close = new Dec(quote.price);
    await withOrder(deps, fence, id, tradingDate, marketAt, async (tx, order, out) => {
      const limit = new Dec(order.price!);
      if (order.side === 'buy' ? limit.lt(close) : limit.gt(close)) return;
      const quantity = Math.min(order.quantity - order.filledQuantity, left.get(key) ?? 0);
      const cash = await lockUserCash(tx, order.userId);
      const source = `afterHours:${pass}`;
      if (await applyFill(tx, order, cash, { price: close, quantity, source }, out)) {
        left.set(key, (left.get(key) ?? 0) - quantity);
        filled++;
      }
    });
  }
  return filled;
}

/** Phases in which a trading date's day orders are over: the closing call has ended (15:00). */
const DAY_OVER: ReadonlySet<MarketPhase> = new Set(['postClose', 'afterHoursFixed', 'closed']);

/**
 * Orders end with their session: any order of an earlier day; today's day orders once the
 * closing call has ended (15:00); today's after-hours orders once after-hours trading has
 * (15:30). Each order's cash and held shares are released in the transaction that ends it.
 */
export async function expireOrders(
  deps: TradingDeps,
  fence: Fence,
  tradingDate: string,
  phase: MarketPhase,
): Promise<number> {
  const ended = [lt(orders.tradingDate, tradingDate)];
  if (phase === 'closed') ended.push(eq(orders.tradingDate, tradingDate));
  else if (DAY_OVER.has(phase)) ended.push(dayOrdersOf(tradingDate)!);
  const marketAt = marketTimeOf(await deps.market.status());
  return closeOrders(deps, fence, tradingDate, marketAt, or(...ended));
}
